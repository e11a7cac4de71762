// RUN: %expect-exit 0 %builtin --checks='-*,nv-atomic-host' %s 2>&1 | count 0
// cuatomlint: ignore-file[nv-atomic-host]
int a(int *p) { return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED); }
