#pragma once
// Ownership of Aravis (GObject) references and GErrors in C++ scope, so that every early return
// and exception releases what was taken.
#include <memory>
#include <string>

#include <arv.h>

namespace pt::camera::aravis {

struct GObjectUnref {
  void operator()(void* object) const noexcept {
    if (object != nullptr) g_object_unref(object);
  }
};

template <class T>
using GObjectPtr = std::unique_ptr<T, GObjectUnref>;

// Holds the GError an Aravis call may set; `out()` is what the call takes.
class ErrorSlot {
 public:
  ErrorSlot() = default;
  ErrorSlot(const ErrorSlot&) = delete;
  ErrorSlot& operator=(const ErrorSlot&) = delete;
  ~ErrorSlot() { clear(); }

  [[nodiscard]] GError** out() noexcept {
    clear();
    return &error_;
  }
  [[nodiscard]] bool failed() const noexcept { return error_ != nullptr; }
  [[nodiscard]] std::string message() const { return error_ != nullptr ? error_->message : std::string(); }
  void clear() noexcept {
    if (error_ != nullptr) g_error_free(error_);
    error_ = nullptr;
  }

 private:
  GError* error_ = nullptr;
};

}  // namespace pt::camera::aravis
