#pragma once
// The algorithms the application offers as panels. Filled by explicit calls at start-up (no
// static initialisers, no dynamic loading), read by whatever builds the panels.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pt/plugins/algorithm_plugin.hpp"

namespace pt::plugins {

class AlgorithmRegistry {
 public:
  using Factory = std::function<std::unique_ptr<AlgorithmPlugin>()>;

  // Throws std::invalid_argument for an empty or already registered id.
  void add(std::string id, Factory make);
  [[nodiscard]] std::vector<std::string> ids() const;  // in registration order
  // Throws std::out_of_range for an unknown id.
  [[nodiscard]] std::unique_ptr<AlgorithmPlugin> create(std::string_view id) const;

 private:
  std::vector<std::pair<std::string, Factory>> entries_;
};

}  // namespace pt::plugins
