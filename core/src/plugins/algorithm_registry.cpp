#include "pt/plugins/algorithm_registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace pt::plugins {

void AlgorithmRegistry::add(std::string id, Factory make) {
  if (id.empty()) throw std::invalid_argument("an algorithm needs an id");
  const bool taken = std::any_of(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == id; });
  if (taken) throw std::invalid_argument("algorithm '" + id + "' is registered twice");
  entries_.emplace_back(std::move(id), std::move(make));
}

std::vector<std::string> AlgorithmRegistry::ids() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.push_back(e.first);
  return out;
}

std::unique_ptr<AlgorithmPlugin> AlgorithmRegistry::create(std::string_view id) const {
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == id; });
  if (it == entries_.end()) throw std::out_of_range("no algorithm '" + std::string(id) + "'");
  return it->second();
}

}  // namespace pt::plugins
