#include "cli/eval_report.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "pt/io/csv_format.hpp"
#include "pt/io/json_text.hpp"

namespace pt::cli {
namespace {

struct Group {
  std::string label;
  const ScoreSummary* scores;
};

std::vector<Group> groups(const EvaluationReport& r) {
  std::vector<Group> out{{"all", &r.scores.overall}};
  if (r.scores.open) out.push_back({"open", &*r.scores.open});
  if (r.scores.partial) out.push_back({"partial", &*r.scores.partial});
  if (r.scores.subjects.size() > 1) {
    for (const auto& [name, s] : r.scores.subjects) out.push_back({"subject " + name, &s});
  }
  return out;
}

std::string percent(const std::optional<double>& share) {
  return share ? csv_number(100.0 * *share, 1) + "%" : "-";
}

std::string pixels(const std::optional<double>& value) { return value ? csv_number(*value, 2) : "-"; }

std::string limit_name(double limit, double scale, const char* unit) { return csv_number(limit * scale, 0) + unit; }

std::string json_number(const std::optional<double>& value, int decimals) {
  return value ? csv_number(*value, decimals) : "null";
}

// The summary's members, without braces, so the per-subject objects can lead with their name.
std::string json_members(const ScoreSummary& s, const std::string& indent) {
  std::string out;
  auto member = [&](const std::string& key, const std::string& value) {
    out += (out.empty() ? "" : ",\n") + indent + "\"" + key + "\": " + value;
  };
  member("pupil_frames", std::to_string(s.pupil_frames));
  member("detected", std::to_string(s.detected));
  member("detection_rate", json_number(s.detection_rate(), 6));
  for (std::size_t i = 0; i < kCenterErrorLimitsPx.size(); ++i) {
    member("center_within_" + limit_name(kCenterErrorLimitsPx[i], 1.0, "px"), json_number(s.center_within_share(i), 6));
  }
  for (std::size_t i = 0; i < kRelativeErrorLimits.size(); ++i) {
    member("relative_within_" + limit_name(kRelativeErrorLimits[i], 100.0, "pct"),
           json_number(s.relative_within_share(i), 6));
  }
  member("median_abs_diameter_error_px", json_number(s.median_abs_diameter_error_px, 4));
  member("no_pupil_frames", std::to_string(s.no_pupil_frames));
  member("false_detections", std::to_string(s.false_detections));
  member("false_detection_rate", json_number(s.false_detection_rate(), 6));
  return out;
}

std::string json_object(const ScoreSummary& s) { return "{\n" + json_members(s, "    ") + "\n  }"; }

std::string json_optional_object(const std::optional<ScoreSummary>& s) { return s ? json_object(*s) : "null"; }

}  // namespace

std::string format_score_table(const EvaluationReport& r) {
  const std::vector<Group> rows = groups(r);
  std::size_t label_width = 5;
  for (const Group& g : rows) label_width = std::max(label_width, g.label.size());
  const int w = static_cast<int>(label_width);

  std::vector<std::string> heads = {"frames", "detected"};
  for (const double limit : kCenterErrorLimitsPx) heads.push_back("<=" + limit_name(limit, 1.0, "px"));
  for (const double limit : kRelativeErrorLimits) heads.push_back("<=" + limit_name(limit, 100.0, "%"));
  heads.insert(heads.end(), {"med|dD|px", "no pupil", "false det"});

  std::string out;
  char cell[64];
  auto add_line = [&](const std::string& label, const std::vector<std::string>& cells) {
    std::snprintf(cell, sizeof cell, "%-*s", w, label.c_str());
    out += cell;
    for (const std::string& c : cells) {
      std::snprintf(cell, sizeof cell, " %9s", c.c_str());
      out += cell;
    }
    out += '\n';
  };
  add_line("", heads);
  for (const Group& g : rows) {
    const ScoreSummary& s = *g.scores;
    std::vector<std::string> cells = {std::to_string(s.pupil_frames), percent(s.detection_rate())};
    for (std::size_t i = 0; i < kCenterErrorLimitsPx.size(); ++i) cells.push_back(percent(s.center_within_share(i)));
    for (std::size_t i = 0; i < kRelativeErrorLimits.size(); ++i) cells.push_back(percent(s.relative_within_share(i)));
    cells.push_back(pixels(s.median_abs_diameter_error_px));
    cells.push_back(std::to_string(s.no_pupil_frames));
    cells.push_back(std::to_string(s.false_detections) + (s.no_pupil_frames > 0 ? " " + percent(s.false_detection_rate()) : ""));
    add_line(g.label, cells);
  }
  return out;
}

std::string format_score_json(const EvaluationReport& r, const EvalSubject& subject) {
  std::string out = "{\n";
  out += "  \"input\": " + json_quoted(subject.input) + ",\n";
  out += "  \"ground_truth\": " + json_quoted(subject.ground_truth) + ",\n";
  out += "  \"canvas\": ";
  out += subject.canvas ? "{\"width\": " + std::to_string(subject.canvas->width) + ", \"height\": " +
                              std::to_string(subject.canvas->height) + ", \"seed\": " +
                              std::to_string(subject.canvas->seed) + "}"
                        : "null";
  out += ",\n  \"trace_rows\": " + std::to_string(r.trace_rows);
  out += ",\n  \"trace_rows_without_truth\": " + std::to_string(r.trace_rows_without_truth);
  out += ",\n  \"truth_rows\": " + std::to_string(r.truth_rows);
  out += ",\n  \"truth_rows_not_reached\": " + std::to_string(r.truth_rows_not_reached);
  out += ",\n  \"overall\": " + json_object(r.scores.overall);
  out += ",\n  \"open\": " + json_optional_object(r.scores.open);
  out += ",\n  \"partial\": " + json_optional_object(r.scores.partial);
  out += ",\n  \"subjects\": [";
  if (r.scores.subjects.size() > 1) {
    for (std::size_t i = 0; i < r.scores.subjects.size(); ++i) {
      const auto& [name, s] = r.scores.subjects[i];
      out += std::string(i == 0 ? "\n" : ",\n") + "    {\n      \"subject\": " + json_quoted(name) + ",\n" +
             json_members(s, "      ") + "\n    }";
    }
    out += "\n  ";
  }
  out += "]\n}\n";
  return out;
}

}  // namespace pt::cli
