#pragma once
// Parameters declared as plain data, so that a panel's form can be generated without the
// algorithm knowing about any user interface (and core stays free of Qt).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace pt::plugins {

// Int and Enum hold std::int64_t (an Enum's value indexes its choices), Float a double.
using ParamValue = std::variant<std::int64_t, double, bool>;

enum class ParamKind : unsigned char { Invalid = 0, Int, Float, Bool, Enum };

struct ParamSpec {
  std::string key;
  std::string label;
  std::string tooltip;
  ParamKind kind = ParamKind::Invalid;
  double min = 0.0;
  double max = 0.0;
  double step = 0.0;
  ParamValue fallback{std::int64_t{0}};  // the default, restored by "reset"
  std::vector<std::string> choices;       // Enum only
};

using ParamSchema = std::vector<ParamSpec>;
using ParamSet = std::map<std::string, ParamValue, std::less<>>;

[[nodiscard]] ParamSet default_params(const ParamSchema& schema);

// The value of `key` in `params`, else the schema's default for it. Throws std::out_of_range for
// a key the schema does not declare, std::bad_variant_access for a value of the wrong kind.
[[nodiscard]] std::int64_t int_param(const ParamSchema& schema, const ParamSet& params, std::string_view key);
[[nodiscard]] double float_param(const ParamSchema& schema, const ParamSet& params, std::string_view key);
[[nodiscard]] bool bool_param(const ParamSchema& schema, const ParamSet& params, std::string_view key);

}  // namespace pt::plugins
