#include "pt/io/csv_trace_writer.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "pt/frame_pool.hpp"
#include "pt/io/csv_format.hpp"
#include "pt_catch.hpp"

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

pt::TrackedFrame make_frame(pt::FramePool& pool, std::uint64_t index, const std::string& source) {
  pt::TrackedFrame t;
  t.frame = std::move(*pool.try_acquire());
  t.frame.info().index = index;
  t.frame.info().timestamp_s = 0.002 * static_cast<double>(index);
  t.frame.info().source = source;
  t.latency_us = 812.25;
  pt::PupilMeasurement left;
  left.eye = pt::EyeSide::Left;
  left.detected = true;
  left.confidence = 0.9375F;
  left.ellipse = {320.5F, 512.25F, 40.0F, 30.0F, -0.5F};
  pt::PupilMeasurement right;
  right.eye = pt::EyeSide::Right;
  right.detected = false;
  right.confidence = 0.125F;
  t.eyes = {left, right};
  return t;
}

}  // namespace

TEST_CASE("csv fields are quoted only when they must be") {
  CHECK(pt::csv_field("plain.png") == "plain.png");
  CHECK(pt::csv_field("a,b.png") == "\"a,b.png\"");
  CHECK(pt::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(pt::csv_number(1.23456, 3) == "1.235");
  CHECK(pt::csv_number(-0.5, 1) == "-0.5");
  CHECK(pt::axis_angle_degrees(-0.5F) == Approx(151.352).margin(1e-3));
}

TEST_CASE("trace rows: one per eye, geometry only for detected pupils, flushed per frame") {
  const auto path = std::filesystem::temp_directory_path() / "pt_trace_test.csv";
  pt::FramePool pool(8, 8, 2, pt::make_host_allocator());
  {
    pt::CsvTraceWriter writer(path, pt::TraceLabels{"starburst", "cpu", 0.05});
    writer.on_frame(make_frame(pool, 7, "clip, take 2.avi#7"));
    // Flushed already: a crash now would keep these rows.
    const std::string text = read_file(path);
    const std::string expected = std::string(pt::CsvTraceWriter::kHeader) +
                                 "\n7,0.014000,\"clip, take 2.avi#7\",left,1,0.938,320.500,512.250,80.000,60.000,151.35,"
                                 "69.282,3.4641,starburst,cpu,812.2\n"
                                 "7,0.014000,\"clip, take 2.avi#7\",right,0,0.125,,,,,,,,starburst,cpu,812.2\n";
    CHECK(text == expected);
    CHECK(writer.rows() == 2);
  }
  std::filesystem::remove(path);
}

TEST_CASE("diameter_mm stays empty without a scale") {
  pt::FramePool pool(8, 8, 1, pt::make_host_allocator());
  const std::string rows = pt::CsvTraceWriter::format_rows(make_frame(pool, 0, "x.png"), pt::TraceLabels{});
  CHECK(rows.find(",69.282,,starburst,") != std::string::npos);
}

TEST_CASE("an unwritable trace path is a clear error") {
  try {
    pt::CsvTraceWriter writer("/nonexistent-dir/trace.csv", pt::TraceLabels{});
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("/nonexistent-dir/trace.csv") != std::string::npos);
  }
}
