/*
 * Text the tool injects into parses.
 *
 * cal_prelude_text declares the nvcc atomic builtins (CUDA 12.8+), which
 * clang does not know, as templates loose enough to accept any call: the
 * checks, not clang's overload resolution, judge the arguments.  They are
 * __host__ __device__ so a call from host code still parses and
 * nv-atomic-host can report it.  A project that declares its own function
 * of the same name gets its own: a non-template exact match wins.
 *
 * cal_builtin_cuda_text is the minimal CUDA environment used when no
 * toolkit is installed: keywords, built-in variables, the legacy atomics,
 * fences, warp intrinsics and the interface of cuda::atomic_ref.
 */
#include "parse/toolkit.h"

/*
 * The sm_90 atomics of crt/sm_90_rt.h; D is the __device__ spelling.  The
 * arch guards around them spell the arch macro by token pasting
 * (__CAL_ARCH): the injected files must not look like user code that tests
 * the arch (arch_dependence.c scans every non-system file's text).
 */
#define CAL_ARCH_MACRO \
"#ifndef __CAL_ARCH\n" \
"#define __CAL_CAT(a, b) a##b\n" \
"#define __CAL_ARCH __CAL_CAT(__CUDA_, ARCH__)\n" \
"#endif\n"
#define CAL_SM90_ATOMICS(D) \
CAL_ARCH_MACRO \
"template <class _T, bool = (sizeof(_T) == 16 && alignof(_T) >= 16 && __is_trivially_copyable(_T))> struct __cal_u128 {};\n" \
"template <class _T> struct __cal_u128<_T, true> { typedef _T __type; };\n" \
"#define __CAL_V(name) " D " float2 name(float2 *__p, float2 __v); " D " float4 name(float4 *__p, float4 __v);\n" \
"__CAL_V(atomicAdd) __CAL_V(atomicAdd_block) __CAL_V(atomicAdd_system)\n" \
"#undef __CAL_V\n" \
"#define __CAL_CAS(name) template <class _T> " D " typename __cal_u128<_T>::__type name(_T *__p, _T __c, _T __v);\n" \
"#define __CAL_EXCH(name) template <class _T> " D " typename __cal_u128<_T>::__type name(_T *__p, _T __v);\n" \
"__CAL_CAS(atomicCAS) __CAL_CAS(atomicCAS_block) __CAL_CAS(atomicCAS_system)\n" \
"__CAL_EXCH(atomicExch) __CAL_EXCH(atomicExch_block) __CAL_EXCH(atomicExch_system)\n" \
"#undef __CAL_CAS\n" \
"#undef __CAL_EXCH\n"

const char cal_prelude_text[] =
"#pragma once\n"
"#define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1\n"
/*
 * A __managed__ variable is a __device__ one that host code reaches too.
 * clang 19 knows the 'managed' attribute in HIP alone and drops it in
 * CUDA, leaving a host variable that device code may not name ("reference
 * to __host__ variable 'B' in __device__ function", gunrock's
 * '__managed__ device_benchmark_t BXXX'); as a __device__ variable, device
 * code names it and host code still may, as with nvcc.
 */
"#undef __managed__\n"
"#define __managed__ __attribute__((device))\n"
/*
 * nvcc's extended-lambda type traits, which CCCL asks about in
 * static_asserts once --extended-lambda defines __CUDACC_EXTENDED_LAMBDA__:
 * clang has no extended lambdas, so no closure type is one.
 */
"#define __nv_is_extended_device_lambda_closure_type(_T) false\n"
"#define __nv_is_extended_host_device_lambda_closure_type(_T) false\n"
"#define __nv_is_extended_device_lambda_with_preserved_return_type(_T) false\n"
"enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE,\n"
"       __NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST };\n"
"enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER,\n"
"       __NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM };\n"
"#define __CAL_HD __attribute__((host)) __attribute__((device))\n"
"#define __CAL_SCOPE int __scope = __NV_THREAD_SCOPE_SYSTEM\n"
"template <class _T> __CAL_HD _T __nv_atomic_load_n(_T *__p, int __order, __CAL_SCOPE);\n"
"template <class _T, class _R> __CAL_HD void __nv_atomic_load(_T *__p, _R *__ret, int __order, __CAL_SCOPE);\n"
"template <class _T, class _V> __CAL_HD void __nv_atomic_store_n(_T *__p, _V __v, int __order, __CAL_SCOPE);\n"
"template <class _T, class _V> __CAL_HD void __nv_atomic_store(_T *__p, _V *__v, int __order, __CAL_SCOPE);\n"
"template <class _T, class _V> __CAL_HD _T __nv_atomic_exchange_n(_T *__p, _V __v, int __order, __CAL_SCOPE);\n"
"template <class _T, class _V, class _R> __CAL_HD void __nv_atomic_exchange(_T *__p, _V *__v, _R *__ret, int __order, __CAL_SCOPE);\n"
"template <class _T, class _E, class _D> __CAL_HD bool __nv_atomic_compare_exchange_n(_T *__p, _E *__expected, _D __desired, bool __weak, int __success, int __failure, __CAL_SCOPE);\n"
"template <class _T, class _E, class _D> __CAL_HD bool __nv_atomic_compare_exchange(_T *__p, _E *__expected, _D *__desired, bool __weak, int __success, int __failure, __CAL_SCOPE);\n"
"#define __CAL_RMW(op) \\\n"
"  template <class _T, class _V> __CAL_HD _T __nv_atomic_fetch_##op(_T *__p, _V __v, int __order, __CAL_SCOPE); \\\n"
"  template <class _T, class _V> __CAL_HD void __nv_atomic_##op(_T *__p, _V __v, int __order, __CAL_SCOPE);\n"
"__CAL_RMW(add) __CAL_RMW(sub) __CAL_RMW(and) __CAL_RMW(or) __CAL_RMW(xor) __CAL_RMW(min) __CAL_RMW(max)\n"
"#undef __CAL_RMW\n"
"#undef __CAL_SCOPE\n"
"#undef __CAL_HD\n"
/*
 * clang 19 does not know CUDA 13, so it falls back to the pre-9.2 kernel
 * launch API and looks up cudaConfigureCall, which CUDA 13 removed.
 */
"#if !defined(__CUATOMLINT_BUILTIN_CUDA__)\n"
"extern \"C\" cudaError_t cudaConfigureCall(dim3 __grid, dim3 __block, size_t __shmem = 0, cudaStream_t __stream = 0);\n"
"#endif\n"
/*
 * clang 19's CUDA wrapper does not include crt/sm_90_rt.h, so the sm_90
 * atomics (float2/float4 atomicAdd, 16-byte atomicCAS/atomicExch) are
 * declared here as the toolkit declares them (arch-unsupported judges them).
 */
"#if !defined(__CUATOMLINT_BUILTIN_CUDA__) && (__CAL_ARCH + 0 == 0 || __CAL_ARCH >= 900)\n"
CAL_SM90_ATOMICS("__attribute__((device))")
"#endif\n"
/*
 * nvcc's crt/math_functions.hpp and device_functions.h declare min()/max()
 * __host__ __device__; clang 19's wrapper poisons __host__ around them, so
 * host code calling them does not compile.  The error alone could be hidden
 * (clang_gaps.c), but clang drops the statement it is in, and with it what
 * that statement instantiates: 'switch (dim3(max(1, n)).x) { case 512:
 * k<512><<<...>>>(); }' left every k<N> unwalked.  So host code gets the
 * same overloads as nvcc's, pair for pair (nvcc's ambiguities stay).
 */
"#if !defined(__CUATOMLINT_BUILTIN_CUDA__)\n"
/*
 * nvcc's crt/math_functions.h includes <math.h> (clang's wrapper only
 * <cmath>): host code calling isfinite() or isnan() unqualified, with
 * only <cuda_runtime.h> included, compiles with nvcc (llm.c's common.h).
 */
"#include <math.h>\n"
"#define __CAL_MINMAX(R, A, B) __attribute__((host)) R min(A, B); __attribute__((host)) R max(A, B);\n"
"__CAL_MINMAX(int, int, int)\n"
"__CAL_MINMAX(unsigned, unsigned, unsigned) __CAL_MINMAX(unsigned, int, unsigned) __CAL_MINMAX(unsigned, unsigned, int)\n"
"__CAL_MINMAX(long, long, long)\n"
"__CAL_MINMAX(unsigned long, unsigned long, unsigned long) __CAL_MINMAX(unsigned long, long, unsigned long)\n"
"__CAL_MINMAX(unsigned long, unsigned long, long)\n"
"__CAL_MINMAX(long long, long long, long long)\n"
"__CAL_MINMAX(unsigned long long, unsigned long long, unsigned long long)\n"
"__CAL_MINMAX(unsigned long long, long long, unsigned long long)\n"
"__CAL_MINMAX(unsigned long long, unsigned long long, long long)\n"
"__CAL_MINMAX(float, float, float) __CAL_MINMAX(double, double, double)\n"
"__CAL_MINMAX(double, float, double) __CAL_MINMAX(double, double, float)\n"
"#undef __CAL_MINMAX\n"
"#endif\n"
/*
 * clang 19's wrapper leaves out crt's sm_32_intrinsics.h (for its own
 * __ldg) and with it the cache-hint loads and stores, __ldcs() and
 * __stcg() and the rest, which real kernels use (llm.c's 128-bit
 * loads), for the types the toolkit has them for.  Projects built with
 * clang define their own fallbacks of them (NCCL's device headers:
 * '__stwt(uint4 *, const uint4 &)'; RAPIDS' clang intrinsics header: all
 * of them), so they are templates here, limited to the toolkit's types:
 * a user's function of the same name, template or not, wins overload
 * resolution and no declaration of it collides with these.
 */
"#if !defined(__CUATOMLINT_BUILTIN_CUDA__)\n"
"template <class _T> struct __cal_hint_ld {};\n"
"template <class _T> struct __cal_hint_st {};\n"
"template <bool, class _T> struct __cal_hint_if {};\n"
"template <class _T> struct __cal_hint_if<true, _T> { typedef _T __type; };\n"
"#define __CAL_HINT_TYPE(T) template <> struct __cal_hint_ld<T> { typedef T __type; }; \\\n"
"  template <> struct __cal_hint_ld<const T> { typedef T __type; }; \\\n"
"  template <> struct __cal_hint_st<T> { typedef T __type; };\n"
"__CAL_HINT_TYPE(long) __CAL_HINT_TYPE(unsigned long) __CAL_HINT_TYPE(char)\n"
"__CAL_HINT_TYPE(signed char) __CAL_HINT_TYPE(short) __CAL_HINT_TYPE(int)\n"
"__CAL_HINT_TYPE(long long) __CAL_HINT_TYPE(char2) __CAL_HINT_TYPE(char4) __CAL_HINT_TYPE(short2)\n"
"__CAL_HINT_TYPE(short4) __CAL_HINT_TYPE(int2) __CAL_HINT_TYPE(int4) __CAL_HINT_TYPE(longlong2)\n"
"__CAL_HINT_TYPE(unsigned char) __CAL_HINT_TYPE(unsigned short) __CAL_HINT_TYPE(unsigned int)\n"
"__CAL_HINT_TYPE(unsigned long long) __CAL_HINT_TYPE(uchar2) __CAL_HINT_TYPE(uchar4)\n"
"__CAL_HINT_TYPE(ushort2) __CAL_HINT_TYPE(ushort4) __CAL_HINT_TYPE(uint2) __CAL_HINT_TYPE(uint4)\n"
"__CAL_HINT_TYPE(ulonglong2) __CAL_HINT_TYPE(float) __CAL_HINT_TYPE(double) __CAL_HINT_TYPE(float2)\n"
"__CAL_HINT_TYPE(float4) __CAL_HINT_TYPE(double2)\n"
/* the pointer's type alone decides, as with the toolkit's overloads; the value converts */
"#define __CAL_HINT_LD(N) template <class _P> __attribute__((device)) \\\n"
"  typename __cal_hint_ld<_P>::__type N(_P *);\n"
"#define __CAL_HINT_ST(N) template <class _P, class _V> __attribute__((device)) \\\n"
"  typename __cal_hint_if<__is_convertible_to(_V, typename __cal_hint_st<_P>::__type), void>::__type \\\n"
"  N(_P *, _V);\n"
"__CAL_HINT_LD(__ldcg) __CAL_HINT_LD(__ldca) __CAL_HINT_LD(__ldcs) __CAL_HINT_LD(__ldlu)\n"
"__CAL_HINT_LD(__ldcv) __CAL_HINT_ST(__stwb) __CAL_HINT_ST(__stcg) __CAL_HINT_ST(__stcs)\n"
"__CAL_HINT_ST(__stwt)\n"
"#undef __CAL_HINT_TYPE\n#undef __CAL_HINT_LD\n#undef __CAL_HINT_ST\n"
"#endif\n"
/*
 * nvcc's crt/common_functions.h declares __assert_fail() __host__
 * __device__ on glibc, whatever NDEBUG says; clang's wrapper declares a
 * __device__ one, and glibc's <assert.h> the host one only without NDEBUG.
 * CCCL, believing it is nvcc (-D__NVCC__), redeclares it __host__
 * __device__ under NDEBUG, which clang refuses (the gap table's
 * assert-fail-host-device hides that error); with the host declaration
 * here, host code calling it (CCCL's _CCCL_VERIFY) still finds one, as
 * device code finds clang's, and with -DNDEBUG or without, host and device
 * code see what they see with nvcc.
 */
"#if !defined(__CUATOMLINT_BUILTIN_CUDA__) && defined(__GLIBC__)\n"
"extern \"C\" void __assert_fail(const char *, const char *, unsigned int, const char *) noexcept\n"
"  __attribute__((__noreturn__));\n"
"#endif\n";

const char cal_builtin_cuda_text[] =
"#pragma once\n"
"/* cuatomlint's built-in minimal CUDA environment (no toolkit installed). */\n"
/* a system header, as the toolkit's are: the walk skips it, checks know its functions */
"#pragma clang system_header\n"
"#define __CUDACC__ 1\n"
"#define __CUATOMLINT_BUILTIN_CUDA__ 1\n"
"#define __host__ __attribute__((host))\n"
"#define __device__ __attribute__((device))\n"
"#define __global__ __attribute__((global))\n"
"#define __shared__ __attribute__((shared))\n"
"#define __constant__ __attribute__((constant))\n"
"#define __managed__ __attribute__((device))\n"
"#define __forceinline__ inline __attribute__((always_inline))\n"
"#define __noinline__ __attribute__((noinline))\n"
"#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))\n"
"#define __restrict__ __restrict\n"
"typedef __SIZE_TYPE__ size_t;\n"
"struct uint3 { unsigned x, y, z; };\n"
"struct dim3 { unsigned x, y, z;\n"
"  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {} };\n"
"struct float2 { float x, y; };\n"
"struct float4 { float x, y, z, w; };\n"
"static inline __host__ __device__ float2 make_float2(float __x, float __y) { return float2{__x, __y}; }\n"
"static inline __host__ __device__ float4 make_float4(float __x, float __y, float __z, float __w) { return float4{__x, __y, __z, __w}; }\n"
"struct double2 { double x, y; };\n"
"struct int2 { int x, y; };\n"
"struct int4 { int x, y, z, w; };\n"
"extern const __device__ uint3 threadIdx;\n"
"extern const __device__ uint3 blockIdx;\n"
"extern const __device__ dim3 blockDim;\n"
"extern const __device__ dim3 gridDim;\n"
"enum { warpSize = 32 };\n"
"#define __CAL_HALF_CTORS(T) __host__ __device__ T() = default; __host__ __device__ T(float); __host__ __device__ T(double); __host__ __device__ T(int); __host__ __device__ T(unsigned); __host__ __device__ operator float() const;\n"
"struct __half { unsigned short __x; __CAL_HALF_CTORS(__half) };\n"
"struct __half2 { __half x, y; };\n"
"struct __nv_bfloat16 { unsigned short __x; __CAL_HALF_CTORS(__nv_bfloat16) };\n"
"struct __nv_bfloat162 { __nv_bfloat16 x, y; };\n"
"#undef __CAL_HALF_CTORS\n"
"typedef int cudaError_t;\n"
"typedef struct CUstream_st *cudaStream_t;\n"
"enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice,\n"
"  cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };\n"
"enum { cudaSuccess = 0 };\n"
"extern \"C\" {\n"
"unsigned __cudaPushCallConfiguration(dim3 __grid, dim3 __block, size_t __shmem = 0, void *__stream = 0);\n"
"cudaError_t cudaConfigureCall(dim3 __grid, dim3 __block, size_t __shmem = 0, cudaStream_t __stream = 0);\n"
"cudaError_t cudaMalloc(void **__p, size_t __n);\n"
"cudaError_t cudaMallocManaged(void **__p, size_t __n, unsigned __flags = 1);\n"
"cudaError_t cudaMallocHost(void **__p, size_t __n);\n"
"cudaError_t cudaFree(void *__p);\n"
"cudaError_t cudaFreeHost(void *__p);\n"
"cudaError_t cudaMemcpy(void *__d, const void *__s, size_t __n, cudaMemcpyKind __k);\n"
"cudaError_t cudaMemset(void *__d, int __v, size_t __n);\n"
"cudaError_t cudaDeviceSynchronize(void);\n"
"cudaError_t cudaGetLastError(void);\n"
"const char *cudaGetErrorString(cudaError_t __e);\n"
"int printf(const char *__fmt, ...);\n"
"}\n"
"template <class _T> cudaError_t cudaMalloc(_T **__p, size_t __n) { return cudaMalloc((void **)__p, __n); }\n"
"template <class _T> cudaError_t cudaMallocManaged(_T **__p, size_t __n, unsigned __f = 1) { return cudaMallocManaged((void **)__p, __n, __f); }\n"
"#define __CAL_D __device__\n"
"#define __CAL_ATOMIC3(name, T) __CAL_D T name(T *__p, T __v); __CAL_D T name##_block(T *__p, T __v); __CAL_D T name##_system(T *__p, T __v);\n"
"__CAL_ATOMIC3(atomicAdd, int) __CAL_ATOMIC3(atomicAdd, unsigned) __CAL_ATOMIC3(atomicAdd, unsigned long long)\n"
"__CAL_ATOMIC3(atomicAdd, float) __CAL_ATOMIC3(atomicAdd, double) __CAL_ATOMIC3(atomicAdd, __half2)\n"
"__CAL_ATOMIC3(atomicAdd, __nv_bfloat162)\n"
/* like cuda_fp16/bf16.hpp (CUDA 13) and crt/sm_90_rt.h: dropped below their arch */
CAL_ARCH_MACRO
"#if __CAL_ARCH + 0 == 0 || __CAL_ARCH >= 700\n"
"__CAL_D __half atomicAdd(__half *__p, __half __v); __CAL_D __nv_bfloat16 atomicAdd(__nv_bfloat16 *__p, __nv_bfloat16 __v);\n"
"__CAL_D unsigned short atomicCAS(unsigned short *__p, unsigned short __c, unsigned short __v);\n"
"#endif\n"
"#if __CAL_ARCH + 0 == 0 || __CAL_ARCH >= 900\n"
CAL_SM90_ATOMICS("__attribute__((device))")
"#endif\n"
"__CAL_ATOMIC3(atomicSub, int) __CAL_ATOMIC3(atomicSub, unsigned)\n"
"__CAL_ATOMIC3(atomicExch, int) __CAL_ATOMIC3(atomicExch, unsigned) __CAL_ATOMIC3(atomicExch, unsigned long long) __CAL_ATOMIC3(atomicExch, float)\n"
"__CAL_ATOMIC3(atomicMin, int) __CAL_ATOMIC3(atomicMin, unsigned) __CAL_ATOMIC3(atomicMin, long long) __CAL_ATOMIC3(atomicMin, unsigned long long)\n"
"__CAL_ATOMIC3(atomicMax, int) __CAL_ATOMIC3(atomicMax, unsigned) __CAL_ATOMIC3(atomicMax, long long) __CAL_ATOMIC3(atomicMax, unsigned long long)\n"
"__CAL_ATOMIC3(atomicInc, unsigned) __CAL_ATOMIC3(atomicDec, unsigned)\n"
"__CAL_ATOMIC3(atomicAnd, int) __CAL_ATOMIC3(atomicAnd, unsigned) __CAL_ATOMIC3(atomicAnd, unsigned long long)\n"
"__CAL_ATOMIC3(atomicOr, int) __CAL_ATOMIC3(atomicOr, unsigned) __CAL_ATOMIC3(atomicOr, unsigned long long)\n"
"__CAL_ATOMIC3(atomicXor, int) __CAL_ATOMIC3(atomicXor, unsigned) __CAL_ATOMIC3(atomicXor, unsigned long long)\n"
"#define __CAL_CAS3(T) __CAL_D T atomicCAS(T *__p, T __c, T __v); __CAL_D T atomicCAS_block(T *__p, T __c, T __v); __CAL_D T atomicCAS_system(T *__p, T __c, T __v);\n"
"__CAL_CAS3(int) __CAL_CAS3(unsigned) __CAL_CAS3(unsigned long long)\n"
"#undef __CAL_CAS3\n"
"#undef __CAL_ATOMIC3\n"
"__CAL_D void __threadfence(void); __CAL_D void __threadfence_block(void); __CAL_D void __threadfence_system(void);\n"
"__CAL_D void __syncthreads(void); __CAL_D int __syncthreads_or(int); __CAL_D int __syncthreads_and(int); __CAL_D int __syncthreads_count(int);\n"
"__CAL_D void __syncwarp(unsigned __mask = 0xffffffffu);\n"
"__CAL_D unsigned __activemask(void); __CAL_D void __nanosleep(unsigned); __CAL_D void __trap(void);\n"
"__CAL_D unsigned __ballot_sync(unsigned, int); __CAL_D int __all_sync(unsigned, int); __CAL_D int __any_sync(unsigned, int);\n"
"template <class _T> __CAL_D _T __shfl_sync(unsigned __m, _T __v, int __l, int __w = 32);\n"
"template <class _T> __CAL_D _T __shfl_up_sync(unsigned __m, _T __v, unsigned __d, int __w = 32);\n"
"template <class _T> __CAL_D _T __shfl_down_sync(unsigned __m, _T __v, unsigned __d, int __w = 32);\n"
"template <class _T> __CAL_D _T __shfl_xor_sync(unsigned __m, _T __v, int __l, int __w = 32);\n"
"__CAL_D unsigned __float_as_uint(float); __CAL_D float __uint_as_float(unsigned);\n"
"__CAL_D int __float_as_int(float); __CAL_D float __int_as_float(int);\n"
"__CAL_D long long __double_as_longlong(double); __CAL_D double __longlong_as_double(long long);\n"
"__host__ __device__ __half __float2half(float); __host__ __device__ float __half2float(__half);\n"
"__host__ __device__ __nv_bfloat16 __float2bfloat16(float); __host__ __device__ float __bfloat162float(__nv_bfloat16);\n"
"__CAL_D __half __hadd(__half, __half); __CAL_D __half2 __hadd2(__half2, __half2);\n"
"__CAL_D __nv_bfloat16 __hadd(__nv_bfloat16, __nv_bfloat16); __CAL_D __nv_bfloat162 __hadd2(__nv_bfloat162, __nv_bfloat162);\n"
"__host__ __device__ unsigned short __half_as_ushort(__half); __host__ __device__ __half __ushort_as_half(unsigned short);\n"
"__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16); __host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);\n"
"#undef __CAL_D\n"
"namespace cuda {\n"
"enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2,\n"
"  thread_scope_thread = 3, thread_scope_cluster = 4 };\n"
"enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire,\n"
"  memory_order_release, memory_order_acq_rel, memory_order_seq_cst };\n"
"#define __CAL_HD __host__ __device__\n"
"template <class _T, thread_scope _S = thread_scope_system> struct atomic_ref {\n"
"  __CAL_HD explicit atomic_ref(_T &__r);\n"
"  __CAL_HD _T load(memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD void store(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T exchange(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD bool compare_exchange_weak(_T &__e, _T __d, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD bool compare_exchange_strong(_T &__e, _T __d, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_add(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_sub(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_and(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_or(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_xor(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_min(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD _T fetch_max(_T __v, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD void wait(_T __old, memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD void notify_one() const; __CAL_HD void notify_all() const;\n"
"};\n"
"template <class _T, thread_scope _S = thread_scope_system> struct atomic {\n"
"  _T __cal_v;\n"
"  __CAL_HD constexpr atomic(_T __v = _T()) : __cal_v(__v) {}\n"
"  __CAL_HD _T load(memory_order __o = memory_order_seq_cst) const;\n"
"  __CAL_HD void store(_T __v, memory_order __o = memory_order_seq_cst);\n"
"  __CAL_HD _T exchange(_T __v, memory_order __o = memory_order_seq_cst);\n"
"  __CAL_HD bool compare_exchange_weak(_T &__e, _T __d, memory_order __o = memory_order_seq_cst);\n"
"  __CAL_HD bool compare_exchange_strong(_T &__e, _T __d, memory_order __o = memory_order_seq_cst);\n"
"  __CAL_HD _T fetch_add(_T __v, memory_order __o = memory_order_seq_cst);\n"
"  __CAL_HD _T fetch_sub(_T __v, memory_order __o = memory_order_seq_cst);\n"
"};\n"
"__CAL_HD void atomic_thread_fence(memory_order __o, thread_scope __s = thread_scope_system);\n"
"#undef __CAL_HD\n"
"}\n";
