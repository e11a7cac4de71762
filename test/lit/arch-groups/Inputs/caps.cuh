#pragma once
#define ARCH_AT_LEAST(v) (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= (v) * 10)
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ >= 890
#define CAPS_HALF 1
#else
#define CAPS_HALF 0
#endif
#else
#define CAPS_HALF 0
#endif
