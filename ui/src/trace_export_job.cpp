#include "pt/ui/trace_export_job.hpp"

#include <algorithm>
#include <system_error>

#include "pt/io/csv_trace_writer.hpp"
#include "pt/tracking_in_stretches.hpp"
#include "pt/tracking_run.hpp"

namespace pt::ui {
TraceExportJob::TraceExportJob(TraceExportRequest request) : request_(std::move(request)) {
  thread_ = std::thread([this] { run(); });
}

TraceExportJob::~TraceExportJob() {
  cancel();
  thread_.join();
}

TraceExportState TraceExportJob::state() const {
  const std::lock_guard lock(mutex_);
  TraceExportState s = state_;
  s.frames = frames_.load(std::memory_order_relaxed);
  return s;
}

void TraceExportJob::end(TraceExportState final_state) {
  final_state.done = true;
  const std::lock_guard lock(mutex_);
  state_ = std::move(final_state);
}

void TraceExportJob::run() {
  std::filesystem::path partial = request_.csv;
  partial += ".tmp";
  TraceExportState outcome;
  try {
    const std::unique_ptr<FrameSource> source = request_.open();
    {
      const std::lock_guard lock(mutex_);
      state_.total = source->frame_count();
    }
    outcome.total = source->frame_count();
    const int stretches = source->can_seek() && source->frame_count() ? std::max(1, request_.stretches) : 1;
    std::unique_ptr<PupilDetector> detector =
        request_.make_detector(request_.params, request_.regions.size(), stretches);
    RunSummary summary;
    {
      const TraceLabels labels{std::string(to_string(request_.params.algorithm)), std::string(to_string(detector->backend())),
                               std::nullopt};
      CsvTraceWriter writer(partial, labels);
      ResultSink* const sinks[] = {&writer};
      RunOptions options;
      options.stop = &cancel_;
      options.on_progress = [this](const RunProgress& p) { frames_.store(p.frames, std::memory_order_relaxed); };
      if (stretches > 1) {
        // The first stretch takes the detector already made; the rest are made alike.
        const DetectorMaker make = [&] {
          return detector ? std::move(detector)
                          : request_.make_detector(request_.params, request_.regions.size(), stretches);
        };
        const StretchPlan plan{stretches, lead_in_frames(kStretchLeadInS, source->nominal_fps())};
        summary = run_tracking_in_stretches(request_.open, make, request_.regions, request_.params, sinks, options, plan);
      } else {
        summary = run_tracking(*source, *detector, request_.regions, request_.params, sinks, options);
      }
      outcome.rows = writer.rows();
    }
    frames_.store(summary.frames, std::memory_order_relaxed);
    if (cancel_.load()) {
      outcome.cancelled = true;
    } else if (summary.end == ReadStatus::Error) {
      outcome.error = summary.error;
    } else if (summary.frames == 0) {
      outcome.error = "the input gave no frames";
    } else {
      std::filesystem::rename(partial, request_.csv);
      return end(outcome);
    }
  } catch (const std::exception& e) {
    outcome.error = e.what();
  }
  std::error_code ignored;  // there may be nothing to remove
  std::filesystem::remove(partial, ignored);
  end(outcome);
}

}  // namespace pt::ui
