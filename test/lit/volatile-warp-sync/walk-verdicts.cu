// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// RUN: %expect-exit 1 %builtin --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'
// Which blocks and loops write an element is learnt from the walk's own
// visit (warp_leave): a local class's method inside a block, a template
// helper walked from a call inside one, a lambda, a fill before a loop.

// The reduction in a local class's method: the kernel's block writes only there.
__global__ void local_class(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    struct tail {
      __device__ void run(volatile int *s, unsigned t) {
        s[t] += s[t + 32];
        s[t] += s[t + 16];
        s[t] += s[t + 8];
      }
    };
    tail().run(sdata, tid);
  }
  if (tid == 0)
    *out = sdata[0];
}

// A template helper walked from a call inside the kernel's block, which writes nothing itself.
template <typename T> __device__ void warp_tail(volatile T *s, unsigned t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  s[t] += s[t + 8];
}

__global__ void via_template(const float *in, float *out) {
  __shared__ float sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    warp_tail<float>(sdata, tid);
  }
  if (tid == 0)
    *out = sdata[0];
}

// A lambda's body is the kernel's code.
__global__ void via_lambda(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  auto tail = [&](volatile int *s) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
  };
  if (tid < 32)
    tail(sdata);
  if (tid == 0)
    *out = sdata[0];
}

// A store before a loop of steps, no barrier between (check_block keeps it for check_loop).
__global__ void fill_then_loop(const int *in, int *out) {
  __shared__ volatile int s[64];
  unsigned tid = threadIdx.x;
  if (tid < 32) {
    s[tid] = in[tid] + in[tid + 32];
    for (int o = 16; o > 0; o >>= 1)
      s[tid] += s[tid + o];
  }
  if (tid == 0)
    *out = s[0];
}

// Near miss: the block writes only registers; the shared array is read.
__global__ void reads_only(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    int v = sdata[tid];
    v += sdata[tid + 16];
    out[tid] = v;
  }
}

// The CHECK lines are last: the lines above are the findings' places.
// CHECK: {{.*}}walk-verdicts.cu:16:9: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
// CHECK: {{.*}}walk-verdicts.cu:17:9: note: this step reads what other lanes wrote in the step before
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{16:9-16:27}:"{ int v = s[t] + s[t + 32]; __syncwarp(); s[t] = v; __syncwarp(); }"
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{17:9-17:27}:"{ int v = s[t] + s[t + 16]; __syncwarp(); s[t] = v; __syncwarp(); }"
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{18:9-18:26}:"{ int v = s[t] + s[t + 8]; __syncwarp(); s[t] = v; __syncwarp(); }"
// CHECK: {{.*}}walk-verdicts.cu:29:3: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
// CHECK: {{.*}}walk-verdicts.cu:30:3: note: this step reads what other lanes wrote in the step before
// CHECK: {{.*}}walk-verdicts.cu:28:39: note: in instantiation 'warp_tail<float>'; the fix is the same for every instantiation: it names the element type as the template writes it, and each instantiation here takes the same edits
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{29:3-29:21}:"{ T v = s[t] + s[t + 32]; __syncwarp(); s[t] = v; __syncwarp(); }"
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{30:3-30:21}:"{ T v = s[t] + s[t + 16]; __syncwarp(); s[t] = v; __syncwarp(); }"
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{31:3-31:20}:"{ T v = s[t] + s[t + 8]; __syncwarp(); s[t] = v; __syncwarp(); }"
// CHECK: {{.*}}walk-verdicts.cu:53:5: warning: warp-synchronous steps on volatile 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
// CHECK: {{.*}}walk-verdicts.cu:54:5: note: this step reads what other lanes wrote in the step before
// CHECK: {{.*}}walk-verdicts.cu:52:15: note: no fix: cuatomlint cannot tell whether every lane of the warp gets here
// CHECK: {{.*}}walk-verdicts.cu:69:7: warning: warp-synchronous step on volatile 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
// CHECK: {{.*}}walk-verdicts.cu:67:5: note: no __syncwarp() between this store and the first step, which reads what other lanes of the warp stored here
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{68:5-68:5}:"__syncwarp(); "
// CHECK: fix-it:"{{.*}}walk-verdicts.cu":{69:7-69:28}:"{ int v = s[tid] + s[tid + o]; __syncwarp(); s[tid] = v; __syncwarp(); }"
