#pragma once
#include <stdexcept>

namespace pt::camera {

// A file or folder the user named cannot serve as input. what() is one line meant for the user.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pt::camera
