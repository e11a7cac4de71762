// RUN: %expect-exit 1 %builtin --checks='-*,nv-atomic-host' %s 2>&1 | FileCheck %s --implicit-check-not='[nv-atomic-host]'
// Suppression comments silence findings at their line (for a macro: the
// line of its use) and nothing else.

#define LOAD(p) __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)

int a(int *p) { return LOAD(p); } // cuatomlint: ignore[nv-atomic-host]

// cuatomlint: ignore[volatile-sync, nv-atomic-*]
int b(int *p) { return LOAD(p); }

int c(int *p) { return LOAD(p); } // NOLINT(cuatomlint-nv-atomic-host)

// NOLINTNEXTLINE(cuatomlint-nv-atomic-host)
int d(int *p) { return LOAD(p); }

int e(int *p) { return LOAD(p); } // NOLINT(cuatomlint-volatile-sync)
// CHECK: comments.cu:[[@LINE-1]]:24: error: '__nv_atomic_load_n' called from host code: nvcc accepts __nv_atomic_* builtins only in device functions [nv-atomic-host]

int f(int *p) { return LOAD(p); } // cuatomlint: ignore[volatile-sync]
// CHECK: comments.cu:[[@LINE-1]]:24: error: '__nv_atomic_load_n' called from host code: nvcc accepts __nv_atomic_* builtins only in device functions [nv-atomic-host]

const char *s = "// cuatomlint: ignore[nv-atomic-host]";
int g(int *p) { return LOAD(p); }
// CHECK: comments.cu:[[@LINE-1]]:24: error: '__nv_atomic_load_n' called from host code: nvcc accepts __nv_atomic_* builtins only in device functions [nv-atomic-host]
