// nvcc accepts a C++11 attribute list right after the execution-space
// attributes at the start of a member declaration; clang 19 refuses it
// there ("an attribute list cannot appear here", or, before a type's name,
// "'nodiscard' attribute cannot be applied to types"), ignores the
// attribute and keeps the declaration.  RAPIDS' fixed_point.hpp does it in
// every accessor (CUDF_HOST_DEVICE [[nodiscard]] inline rep value() const).
// A known gap: no error, no partial parse, the kernel's finding is fixed.
// Where nvcc refuses it too (after 'static', 'inline' or __forceinline__,
// directly or through a macro) the error stays.
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --host-parses %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial'
// RUN: %if cuda-toolkit %{ %expect-exit 1 %cuatomlint --cuda-arch=sm_90 --host-parses %s 2>&1 | FileCheck %s --implicit-check-not='error:' --implicit-check-not='partial' %}
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 --verbose %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %expect-exit 1 %builtin --cuda-arch=sm_90 %s -- -DREAL_ERROR 2>&1 | FileCheck %s --check-prefix=REAL

#define CUDF_HOST_DEVICE __host__ __device__
#define HD_ATTRS CUDF_HOST_DEVICE __attribute__((always_inline))

template <typename Rep> class fixed_point {
  Rep _value;
  int _scale;

public:
  CUDF_HOST_DEVICE fixed_point(Rep v, int s) : _value(v), _scale(s) {}
  CUDF_HOST_DEVICE [[nodiscard]] inline Rep value() const { return _value; }
  CUDF_HOST_DEVICE [[nodiscard]] constexpr int scale() const { return _scale; }
  /**
   * @brief A doc comment before the words: {not; a boundary}
   */
  CUDF_HOST_DEVICE [[nodiscard]] fixed_point rescaled(int s) const { return {_value, s}; }
  template <typename U>
  __host__ __device__ [[nodiscard]] U as() const { return static_cast<U>(_value); }
  HD_ATTRS [[nodiscard]] explicit operator bool() const { return _value != 0; }
  __device__ __launch_bounds__(256) [[maybe_unused]] static int zero() { return 0; }
};

__global__ void sum(volatile int *flag, fixed_point<int> *f, int *out) {
  while (*flag == 0) {
  }
  *out = f->value() + f->scale() + f->rescaled(2).value() + f->as<int>() + bool(*f);
}
// CHECK: attribute-list-after-execution-space.cu:[[@LINE-4]]:10: warning: spin-wait on volatile '*flag'{{.*}} [volatile-sync]
// CHECK: fix-it:
// VERBOSE: attribute-list-after-execution-space.cu:24:20: note: clang's error 'an attribute list cannot appear here' is a known clang-versus-nvcc difference (attribute-list-after-execution-space), not reported

#ifdef REAL_ERROR
#define HD_INLINE __host__ __device__ __forceinline__
struct refused {
  static __host__ __device__ [[nodiscard]] int a() { return 1; }
  inline __host__ __device__ [[nodiscard]] int b() const { return 1; }
  __device__ __forceinline__ [[nodiscard]] int c() const { return 1; }
  HD_INLINE [[nodiscard]] int d() const { return 1; }
};
#endif
// REAL: attribute-list-after-execution-space.cu:[[@LINE-6]]:30: error: an attribute list cannot appear here [clang-diagnostic-error]
// REAL: attribute-list-after-execution-space.cu:[[@LINE-6]]:30: error: an attribute list cannot appear here [clang-diagnostic-error]
// REAL: attribute-list-after-execution-space.cu:[[@LINE-6]]:30: error: an attribute list cannot appear here [clang-diagnostic-error]
// REAL: attribute-list-after-execution-space.cu:[[@LINE-6]]:13: error: an attribute list cannot appear here [clang-diagnostic-error]
