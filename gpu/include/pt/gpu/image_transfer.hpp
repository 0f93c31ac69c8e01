#pragma once
// 8-bit image copies enqueued on a stream: within the device, and between host and device.
// A host view should lie in pinned memory for the copy to be asynchronous and fast.
#include <cuda_runtime_api.h>

#include "pt/gpu/device_view.hpp"
#include "pt/image.hpp"

namespace pt::gpu {

void copy_async(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst);
void upload_async(cudaStream_t stream, CViewU8 src, DeviceViewU8 dst);
void download_async(cudaStream_t stream, CDeviceViewU8 src, ViewU8 dst);

}  // namespace pt::gpu
