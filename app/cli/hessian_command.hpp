#pragma once
#include <string>

#include <CLI/CLI.hpp>

namespace pt::cli {

struct HessianOptions {
  std::string input;
  std::string out;
  std::string map = "vesselness";  // lambda1 | lambda2 | direction | blob | vesselness
  double sigma = 0.0;              // 0: not given
  std::string scales;              // "s1,s2,..."
  std::string backend;             // cpu | cuda; empty: cuda when usable
  std::string polarity;            // bright | dark; empty: the map's default
  std::string channel = "grey";    // grey | red | green | blue
  double beta = 0.5;
  double c = 0.0;
  double threshold = 0.0;
  std::string mask_out;
};

void add_hessian_command(CLI::App& app, HessianOptions& options, int& exit_code);
int run_hessian(const HessianOptions& options);

}  // namespace pt::cli
