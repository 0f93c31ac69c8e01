#pragma once
// The parts of the device search that the benchmark times, in the order CudaStageTimes keeps them.
namespace pt::gpu::search {

enum class SearchStage : int { Flood, Rays, Fit, Border, Confidence };
inline constexpr int kSearchStages = 5;
inline constexpr const char* kSearchStageNames[kSearchStages] = {"flood", "rays", "RANSAC + geometric fit",
                                                                 "border levels + isophote", "confidence"};

}  // namespace pt::gpu::search
