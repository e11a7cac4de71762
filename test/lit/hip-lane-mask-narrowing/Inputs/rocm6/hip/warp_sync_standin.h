// A stand-in for ROCm 6.2's warp functions with a mask (Debian's HIP 5.2
// has none): the same names and signatures, a 64-bit mask required, and
// bodies that only forward to HIP 5.2's maskless forms.  Included through
// -isystem, as ROCm's own header would be a system header.
#pragma once
#include <hip/hip_runtime.h>

template <typename MaskT> struct cal_mask_is_64 {
  static constexpr bool value = sizeof(MaskT) == 8 && MaskT(-1) > MaskT(0);
};

template <typename MaskT>
__device__ inline unsigned long long __ballot_sync(MaskT mask, int predicate) {
  static_assert(cal_mask_is_64<MaskT>::value, "The mask must be a 64-bit integer.");
  return __ballot(predicate) & mask;
}

template <typename MaskT>
__device__ inline int __all_sync(MaskT mask, int predicate) {
  return __ballot_sync(mask, predicate) == mask;
}

template <typename MaskT>
__device__ inline int __any_sync(MaskT mask, int predicate) {
  return __ballot_sync(mask, predicate) != 0;
}

template <typename MaskT, typename T>
__device__ inline T __shfl_xor_sync(MaskT mask, T var, int lane_mask,
                                    int width = __AMDGCN_WAVEFRONT_SIZE) {
  static_assert(cal_mask_is_64<MaskT>::value, "The mask must be a 64-bit integer.");
  return __shfl_xor(var, lane_mask, width);
}

template <typename MaskT, typename T>
__device__ inline T __shfl_down_sync(MaskT mask, T var, unsigned int delta,
                                     int width = __AMDGCN_WAVEFRONT_SIZE) {
  static_assert(cal_mask_is_64<MaskT>::value, "The mask must be a 64-bit integer.");
  return __shfl_down(var, delta, width);
}
