#include "pt/plugins/param_schema.hpp"

#include <algorithm>
#include <stdexcept>

namespace pt::plugins {
namespace {

const ParamValue& lookup(const ParamSchema& schema, const ParamSet& params, std::string_view key) {
  if (const auto it = params.find(key); it != params.end()) return it->second;
  const auto spec = std::find_if(schema.begin(), schema.end(), [&](const ParamSpec& s) { return s.key == key; });
  if (spec == schema.end()) throw std::out_of_range("no parameter '" + std::string(key) + "'");
  return spec->fallback;
}

}  // namespace

ParamSet default_params(const ParamSchema& schema) {
  ParamSet out;
  for (const ParamSpec& s : schema) out.emplace(s.key, s.fallback);
  return out;
}

std::int64_t int_param(const ParamSchema& schema, const ParamSet& params, std::string_view key) {
  return std::get<std::int64_t>(lookup(schema, params, key));
}

double float_param(const ParamSchema& schema, const ParamSet& params, std::string_view key) {
  return std::get<double>(lookup(schema, params, key));
}

bool bool_param(const ParamSchema& schema, const ParamSet& params, std::string_view key) {
  return std::get<bool>(lookup(schema, params, key));
}

}  // namespace pt::plugins
