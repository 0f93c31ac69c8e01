#pragma once
#include <CLI/CLI.hpp>

namespace pt::cli {

// Registers `cameras`: the GenICam cameras Aravis finds, one line each, with the id that
// --input camera:<id> takes. Finding GigE Vision cameras broadcasts on every network.
void add_cameras_command(CLI::App& app, int& exit_code);

// Prints the list; returns the process exit code.
int run_cameras();

}  // namespace pt::cli
