# Ranks cuTile kernels state without a static_assert: cuda.tile's array annotations
# (Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=..., static_stride_dims=...)]:
# the dimensions they name exist), "M, N = x.shape", "x.shape[2]" and a load's shape= tuple.
# cuda.tile has no annotation that states an array's dtype or exact rank (ct.Array carries
# neither; ArrayAnnotation's index_dtype is the type of shape/stride values).
# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-atomic-args' %s 2>&1 | FileCheck %s --implicit-check-not='[cutile-atomic-args]'
from typing import Annotated

import cuda.tile as ct

Static2D = Annotated[ct.Array, ct.ArrayAnnotation(index_dtype=ct.int64, static_shape_dims=(0, 1))]


@ct.kernel
def annotated(x: Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(1, -1))],
              y: Annotated[ct.Array, ct.ArrayAnnotation(static_stride_dims=(2,))],
              z: Static2D, n: ct.Constant[int] = 4):
    ct.atomic_add(x, 0, 1)
    # CHECK: annotations.py:[[@LINE-1]]:22: error: atomic_add: 1 indices for 'x', an array of rank 2 or more (indices need one entry per dimension) [cutile-atomic-args]
    ct.atomic_add(y, (0, 1), 1)
    # CHECK: annotations.py:[[@LINE-1]]:22: error: atomic_add: 2 indices for 'y', an array of rank 3 or more {{.*}} [cutile-atomic-args]
    ct.atomic_max(z, ct.bid(0), 1)
    # CHECK: annotations.py:[[@LINE-1]]:22: error: atomic_max: 1 indices for 'z', an array of rank 2 or more {{.*}} [cutile-atomic-args]


@ct.kernel
def shapes(a, b, c):
    M, N = a.shape
    ct.atomic_add(a, (0, 1, 2), 1)
    # CHECK: annotations.py:[[@LINE-1]]:22: error: atomic_add: 3 indices for 'a', an array of rank 2 (indices need one entry per dimension) [cutile-atomic-args]
    last = b.shape[2]
    ct.atomic_add(b, (0, last), 1)
    # CHECK: annotations.py:[[@LINE-1]]:22: error: atomic_add: 2 indices for 'b', an array of rank 3 or more {{.*}} [cutile-atomic-args]
    t = ct.load(c, (0, 0), shape=(4, 4))
    ct.atomic_xchg(c, ct.arange(4, dtype=ct.int32), t)
    # CHECK: annotations.py:[[@LINE-1]]:23: error: atomic_xchg: 1 indices for 'c', an array of rank 2 {{.*}} [cutile-atomic-args]


# Near misses: no finding.
@ct.kernel
def fine(x: Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(0, -1))],
         y: ct.IndexedWithInt64, z: Static2D, w, v, idx):
    ct.atomic_add(x, 0, 1)                  # (0, -1): rank 1 or more
    ct.atomic_add(x, (0, 1, 2), 1)
    ct.atomic_add(y, 0, 1)                  # no rank stated
    ct.atomic_add(z, (0, ct.bid(0)), 1)
    ct.atomic_add(z, idx, 1)                # a name may hold a tuple
    M, = w.shape
    ct.atomic_add(w, ct.bid(0), 1)          # 1-D: one tile for the indices
    t = ct.load(v, (0, 0), shape=())        # shape=() loads one element of any rank
    ct.atomic_add(v, (0, 1), 1)
