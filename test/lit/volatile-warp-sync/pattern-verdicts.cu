// Templates' blocks and loops whose pattern shows that no instantiation
// can hold a step or an exchange are not scanned again per instantiation
// (issue 24.2): what a pattern leaves open (an operator clang could not
// resolve, a pointer cast from shared memory, a step beside an array whose
// size depends on the template) is still judged per instantiation, and
// tiles stored and read across a barrier give nothing.
// RUN: %expect-exit 1 %cuatomlint --checks='-*,volatile-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not='[volatile-warp-sync]' --implicit-check-not='fix-it:'

struct Acc { int v; };
__device__ Acc &operator+=(Acc &a, const Acc &b);

// An operator clang leaves unresolved in the pattern ('+=' on 'T', with a
// free operator+= in scope): an instantiation over int makes it built-in.
template <class T> __device__ void fold(T *s, unsigned t) {
  s[t] += s[t + 16];
  s[t] += s[t + 8];
}

// A local pointer to shared memory through a cast the template writes.
template <class T, int N> __device__ void odd_even(T *out) {
  extern __shared__ char smem[];
  T *s = (T *)smem;
  unsigned t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  if (t < 32)
    for (int p = 0; p < N; p++)
      if ((t & 1) == (p & 1) && t < 31) {
        T a = s[t], b = s[t + 1];
        if (a > b) { s[t] = b; s[t + 1] = a; }
      }
}

// An array whose size depends on the template beside a step on shared
// memory: 'acc[i]' of 'acc[i][j]' is no element.
template <int N> __device__ void tail(float (*in)[4], float *out) {
  __shared__ volatile float red[64];
  float acc[N][4];
  unsigned t = threadIdx.x;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 4; j++)
      acc[i][j] = in[i][j] * 2.0f;
  red[t] = acc[0][0];
  __syncthreads();
  if (t < 32) {
    red[t] += red[t + 16];
    red[t] += red[t + 8];
  }
  out[t] = red[t];
}

// Tiles stored through a pointer the template computes, read after a
// barrier: no warp-synchronous code in any instantiation.
template <int N> __device__ void load(const int *g, int *tile, int *out) {
  int *x = tile + N;
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    x[i] = g[i];
  __syncthreads();
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    out[i] = x[i] + x[(i + 1) % N];
}

__global__ void k(int *out, float (*in)[4], float *fo, const int *g) {
  __shared__ int sh[64];
  __shared__ int tile[256];
  sh[threadIdx.x] = out[threadIdx.x];
  if (threadIdx.x < 32) fold(sh, threadIdx.x);
  odd_even<int, 32>(out);
  odd_even<float, 16>((float *)out);
  tail<2>(in, fo);
  tail<3>(in, fo);
  load<64>(g, tile, out);
  load<128>(g, tile, out);
}

// CHECK: pattern-verdicts.cu:15:3: warning: warp-synchronous steps on non-volatile __shared__ 's' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
// CHECK: pattern-verdicts.cu:16:3: note: this step reads what other lanes wrote in the step before
// CHECK: pattern-verdicts.cu:14:36: note: in instantiation 'fold<int>'; no automatic fix: the template's other instantiations share these steps
// CHECK: pattern-verdicts.cu:30:22: warning: warp-synchronous exchange on non-volatile __shared__ 's' repeated by a loop with no __syncwarp(): lanes of a warp are not in lockstep since Volta, so end each step with a __syncwarp() that every lane reaches, or sort in registers with __shfl_sync [volatile-warp-sync]
// CHECK: pattern-verdicts.cu:29:25: note: this reads an element that another lane of the warp writes in the loop
// CHECK: pattern-verdicts.cu:27:5: note: no automatic fix: the lanes' reads and writes are spread over the loop's body, and where a __syncwarp() that every lane reaches must stand between them is not proven
// CHECK: pattern-verdicts.cu:46:5: warning: warp-synchronous steps on volatile 'red' with no __syncwarp() between them: lanes of a warp are not in lockstep since Volta, so separate each step's reads and writes with __syncwarp() or use __shfl_down_sync [volatile-warp-sync]
// CHECK: pattern-verdicts.cu:47:5: note: this step reads what other lanes wrote in the step before
// CHECK: fix-it:"{{.*}}pattern-verdicts.cu":{46:5-46:27}:"{ float v = red[t] + red[t + 16]; __syncwarp(); red[t] = v; __syncwarp(); }"
// CHECK-NEXT: fix-it:"{{.*}}pattern-verdicts.cu":{47:5-47:26}:"{ float v = red[t] + red[t + 8]; __syncwarp(); red[t] = v; __syncwarp(); }"
