__device__ volatile int ready;
__global__ void producer(int *data, volatile int *flag) { data[0] = 42; *flag = 1; ready = 1; }
__global__ void consumer(int *data, volatile int *flag, int *out) {
  while (*flag == 0) {}
  int budget = 1000;
  while (budget > 0 && !ready) --budget;
  out[0] = data[0];
}
template <unsigned B> __device__ void reduce(volatile float *s, unsigned t) {
  if (B >= 64) s[t] += s[t + 32];
  s[t] += s[t + 16]; s[t] += s[t + 8]; s[t] += s[t + 4];
  if (s[t + 2] > s[t]) s[t] = s[t + 2];
}
template __device__ void reduce<128>(volatile float *, unsigned);
