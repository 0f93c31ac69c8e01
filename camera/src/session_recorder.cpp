#include "pt/camera/session_recorder.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <thread>

#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include "exact_number.hpp"
#include "in_quotes.hpp"
#include "opencv_logging.hpp"
#include "pt/bounded_queue.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/frame_pool.hpp"
#include "pt/io/csv_format.hpp"
#include "recording_sidecar.hpp"

namespace pt::camera {
namespace {

// FFmpeg picks the container by the file's extension; a name that names none is the likelier
// cause than the folder or the encoder.
std::string why_not_opened(const std::filesystem::path& video) {
  std::string extension = video.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* known : {".mkv", ".avi", ".mov", ".nut"}) {
    if (extension == known) return "the folder is not writable, or OpenCV's FFmpeg lacks the FFV1 encoder";
  }
  return (extension.empty() ? std::string("a name without an extension") : "'" + extension + "'") +
         " names no video container that FFV1 goes into: name it .mkv";
}

constexpr double kFallbackFps = 30.0;

}  // namespace

struct SessionRecorder::State {
  RecordingFiles files;
  RecordingContext context;
  int width;
  int height;
  cv::VideoWriter video;
  std::ofstream table;
  pt::FramePool copies;
  pt::BoundedQueue<pt::Frame> queue;
  std::atomic<std::uint64_t> recorded{0};
  std::atomic<std::uint64_t> dropped{0};
  bool wait_for_writer;
  std::mutex freed_mutex;
  std::condition_variable freed;  // the writer gave a buffer back
  std::thread writer;
  bool finished = false;

  State(const std::filesystem::path& path, int w, int h, RecordingContext c, const RecorderOptions& options)
      : files(recording_files(path)),
        context(std::move(c)),
        width(w),
        height(h),
        copies(w, h, std::max<std::size_t>(options.queue_frames, 1), pt::make_host_allocator()),
        queue(std::max<std::size_t>(options.queue_frames, 1)),
        wait_for_writer(options.wait_for_writer) {
    quiet_opencv_logging_once();
    const double fps = context.fps > 0.0 ? context.fps : kFallbackFps;
    video.open(files.video.string(), cv::CAP_FFMPEG, cv::VideoWriter::fourcc('F', 'F', 'V', '1'), fps, cv::Size(w, h),
               false);
    if (!video.isOpened()) throw InputError("cannot record to " + in_quotes(files.video) + ": " + why_not_opened(files.video));
    table.open(files.frames);
    if (!table) throw InputError("cannot write the frame table " + in_quotes(files.frames));
    table << "frame_index,timestamp_s,host_ns,source\n";
    writer = std::thread([this] { write_queued(); });
  }

  void write_queued() {
    for (;;) {
      std::optional<pt::Frame> frame = queue.pop(std::chrono::milliseconds(100));
      if (!frame) {
        if (queue.closed()) return;
        continue;
      }
      const pt::CViewU8 v = std::as_const(*frame).pixels();
      video.write(cv::Mat(v.height, v.width, CV_8UC1, const_cast<std::uint8_t*>(v.data), static_cast<std::size_t>(v.stride)));
      const pt::FrameInfo& info = frame->info();
      table << info.index << ',' << exact_number(info.timestamp_s) << ',' << info.host_ns << ',' << pt::csv_field(info.source)
            << '\n';
      recorded.fetch_add(1);
      {
        const std::lock_guard lock(freed_mutex);  // a waiting record() cannot miss this buffer
        frame.reset();
      }
      freed.notify_one();
    }
  }

  std::optional<pt::Frame> free_buffer() {
    std::unique_lock lock(freed_mutex);
    std::optional<pt::Frame> copy = copies.try_acquire();
    while (!copy && wait_for_writer) {
      freed.wait(lock);
      copy = copies.try_acquire();
    }
    return copy;
  }

  void record(const pt::Frame& frame) {
    std::optional<pt::Frame> copy = free_buffer();
    if (!copy) {  // every buffer waits for the encoder: the disk is behind
      dropped.fetch_add(1);
      return;
    }
    pt::copy_pixels(frame.pixels(), copy->pixels());
    copy->info() = frame.info();
    queue.push(std::move(*copy));
  }

  void finish() {
    if (finished) return;
    finished = true;
    queue.close();
    writer.join();
    video.release();
    table.close();
    std::ofstream sidecar(files.sidecar);
    sidecar << sidecar_json(context, files, {width, height, recorded.load(), dropped.load()});
    if (!sidecar) throw InputError("cannot write the recording's sidecar " + in_quotes(files.sidecar));
  }
};

SessionRecorder::SessionRecorder(const std::filesystem::path& video, int width, int height, RecordingContext context,
                                 RecorderOptions options)
    : state_(std::make_unique<State>(video, width, height, std::move(context), options)) {}

SessionRecorder::~SessionRecorder() {
  try {
    state_->finish();
  } catch (const std::exception&) {
    // A destructor cannot report; finish() called by the owner does.
  }
}

void SessionRecorder::record(const pt::Frame& frame) { state_->record(frame); }
void SessionRecorder::finish() { state_->finish(); }
const RecordingFiles& SessionRecorder::files() const noexcept { return state_->files; }
std::uint64_t SessionRecorder::recorded() const { return state_->recorded.load(); }
std::uint64_t SessionRecorder::dropped() const { return state_->dropped.load(); }

}  // namespace pt::camera
