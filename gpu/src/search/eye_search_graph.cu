#include "eye_search_graph.hpp"

#include "../kernel_shared_memory.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_loop.hpp"
#include "split_search_kernels.cuh"

// Conditional nodes came with CUDA 12.3, cudaGraphAddNode's edge data with 12.3 as
// cudaGraphAddNode_v2, the plain name in 13.0.
#if CUDART_VERSION >= 12040
namespace pt::gpu {

bool device_loop_built(DeviceLoop) { return true; }

}  // namespace pt::gpu

namespace pt::gpu::search {
namespace {

// The loop goes on while the search does.
struct GraphHandOn {
  cudaGraphConditionalHandle loop;
  __device__ void operator()(const SearchProgress& p, const SearchJob*, SearchProgress*) const {
    cudaGraphSetConditional(loop, p.phase != SearchPhase::Done ? 1U : 0U);
  }
};

cudaGraphNode_t add_kernel(cudaGraph_t graph, const cudaGraphNode_t* after, void* kernel, void** args, int threads,
                           int shared_bytes) {
  cudaKernelNodeParams k{};
  k.func = kernel;
  k.gridDim = dim3(1);
  k.blockDim = dim3(static_cast<unsigned>(threads));
  k.sharedMemBytes = static_cast<unsigned>(shared_bytes);
  k.kernelParams = args;
  cudaGraphNode_t node = nullptr;
  PT_CUDA_CHECK(cudaGraphAddKernelNode(&node, graph, after, after != nullptr ? 1 : 0, &k));
  return node;
}

}  // namespace

SearchGraph::SearchGraph(int flood_shared_bytes, int step_shared_bytes)
    : flood_shared_bytes_(flood_shared_bytes), step_shared_bytes_(step_shared_bytes) {
  // Once: the kernels keep the attribute.
  static const int most_shared_bytes =
      enable_most_shared_memory(reinterpret_cast<const void*>(&split_begin<GraphHandOn>));
  static const int most_step_bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&split_step<GraphHandOn>));
  if (flood_shared_bytes > most_shared_bytes) throw CudaError("SearchGraph: the flood asks more shared memory than the device has");
  PT_CUDA_CHECK(cudaGraphCreate(&graph_, 0));
  GraphHandOn on{};
  PT_CUDA_CHECK(cudaGraphConditionalHandleCreate(&on.loop, graph_, 0, 0));
  const SearchJob* job = slot_.job();
  SearchProgress* progress = slot_.progress();
  void* step_args[] = {&job, &progress, &on};
  const cudaGraphNode_t begin =
      add_kernel(graph_, nullptr, reinterpret_cast<void*>(&split_begin<GraphHandOn>), step_args, kFloodThreads,
                 flood_shared_bytes);
  cudaGraphNodeParams while_params{};
  while_params.type = cudaGraphNodeTypeConditional;
  while_params.conditional.handle = on.loop;
  while_params.conditional.type = cudaGraphCondTypeWhile;
  while_params.conditional.size = 1;
  cudaGraphNode_t iterate = nullptr;
#if CUDART_VERSION >= 13000
  PT_CUDA_CHECK(cudaGraphAddNode(&iterate, graph_, &begin, nullptr, 1, &while_params));
#else
  PT_CUDA_CHECK(cudaGraphAddNode_v2(&iterate, graph_, &begin, nullptr, 1, &while_params));
#endif
  (void)add_kernel(while_params.conditional.phGraph_out[0], nullptr, reinterpret_cast<void*>(&split_step<GraphHandOn>),
                   step_args, kSearchThreads, step_shared_bytes <= most_step_bytes ? step_shared_bytes : 0);
  void* end_args[] = {&job, &progress};
  (void)add_kernel(graph_, &iterate, reinterpret_cast<void*>(&split_end), end_args, kSearchThreads, 0);
  PT_CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0));
}

SearchGraph::~SearchGraph() {
  if (exec_ != nullptr) cudaGraphExecDestroy(exec_);
  if (graph_ != nullptr) cudaGraphDestroy(graph_);
}

void SearchGraph::launch(cudaStream_t stream, const SearchJob& job) {
  slot_.put(stream, job);
  PT_CUDA_CHECK(cudaGraphLaunch(exec_, stream));
}
}  // namespace pt::gpu::search
#else
namespace pt::gpu {

bool device_loop_built(DeviceLoop loop) { return loop != DeviceLoop::Graph; }

}  // namespace pt::gpu

namespace pt::gpu::search {

SearchGraph::SearchGraph(int flood_shared_bytes, int step_shared_bytes)
    : flood_shared_bytes_(flood_shared_bytes), step_shared_bytes_(step_shared_bytes) {
  throw CudaError("the graph loop needs CUDA 12.4 or newer at build time");
}
SearchGraph::~SearchGraph() = default;
void SearchGraph::launch(cudaStream_t, const SearchJob&) {}

}  // namespace pt::gpu::search
#endif
