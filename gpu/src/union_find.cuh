#pragma once
// Union-find over pixel indices for labeling connected pixels in parallel: every link points at
// a smaller index, so each set's root is its smallest member (the first in raster order) and no
// walk can cycle.
namespace pt::gpu {

// Other threads relink the forest while this one walks it: every read goes to memory (in
// global memory past the L1, which is not kept coherent between blocks).
__device__ inline int find_root(const volatile int* links, int p) {
  int up = links[p];
  while (up != p) {
    p = up;
    up = links[p];
  }
  return p;
}

// Joins the trees of a and b under the smaller root. A root relinked by another thread
// meanwhile is followed up and the join tried again.
__device__ inline void unite(int* links, int a, int b) {
  for (;;) {
    a = find_root(links, a);
    b = find_root(links, b);
    if (a == b) return;
    if (a > b) {
      const int t = a;
      a = b;
      b = t;
    }
    const int old = atomicMin(links + b, a);
    if (old == b) return;
    b = old;
  }
}

}  // namespace pt::gpu
