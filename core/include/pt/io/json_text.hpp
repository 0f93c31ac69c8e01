#pragma once
// JSON string literals for the small JSON files the tools write (evaluation figures, recording
// sidecars), without a JSON library in core.
#include <string>
#include <string_view>

namespace pt {

// `text` as a quoted JSON string: quotes, backslashes and control characters escaped.
[[nodiscard]] std::string json_quoted(std::string_view text);

}  // namespace pt
