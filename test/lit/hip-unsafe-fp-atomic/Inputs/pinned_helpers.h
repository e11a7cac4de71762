// A test suite's shared header: helpers that allocate host memory, which a
// translation unit may or may not use.
#pragma once
#include <hip/hip_runtime.h>

struct Pinned {
  static void *Alloc(size_t bytes) {
    void *p = nullptr;
    if (hipHostMalloc(&p, bytes) != hipSuccess)
      return nullptr;
    return p;
  }
};

inline float *pinned_floats(size_t n) {
  return static_cast<float *>(Pinned::Alloc(n * sizeof(float)));
}
