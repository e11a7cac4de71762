// OpenCL C: the same two-stage pipeline as pipeline.cu, between work-groups.
// Work-group 0 decodes a tile into __global memory and raises a ready flag;
// every other work-group waits for the flag, then filters the tile.  The
// flag is a volatile __global int: no acquire/release ordering for the tile.
#define TILE 1024

__kernel void decode_then_filter(__global const float *raw, __global float *tile,
                                 volatile __global int *ready, __global float *out,
                                 float threshold)
{
  size_t lid = get_local_id(0), group = get_group_id(0);

  if (group == 0) {
    for (size_t i = lid; i < TILE; i += get_local_size(0))
      tile[i] = raw[i] * 0.5f + 1.0f;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0)
      *ready = 1;               // publish: other work-groups poll this flag
    return;
  }

  if (lid == 0) {
    while (*ready == 0)         // spin until the producer work-group is done
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);

  for (size_t i = lid; i < TILE; i += get_local_size(0)) {
    float v = tile[i];
    out[(group - 1) * TILE + i] = v > threshold ? v : 0.0f;
  }
}
