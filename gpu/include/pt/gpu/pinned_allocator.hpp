#pragma once
// Page-locked frame buffers for a FramePool: the CUDA detector copies such frames to the device
// directly, without its staging copy.
#include <memory>

#include "pt/host_allocator.hpp"

namespace pt::gpu {

std::shared_ptr<HostAllocator> make_pinned_allocator();

}  // namespace pt::gpu
