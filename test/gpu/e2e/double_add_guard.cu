// e2e: a project's own atomicAdd(double *, double) CAS-loop fallback (the
// CUDA guide's) defined with no arch guard.
//
// Misuse (arch-unsupported): CUDA's sm_60_atomic_functions.h defines the
// native atomicAdd(double *, double) from sm_60 on and in nvcc's host pass,
// so nvcc rejects this program for sm_90 ("function ... has already been
// defined"): it fails before it runs.  cuatomlint --fix wraps the
// definition in '#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600' ...
// '#endif': sm_90 then uses the native add, and the old targets' device
// passes keep the fallback.  The fixed program sums many threads' adds into
// few words twice, once with the native atomicAdd and once with the
// fallback's loop (cas_add, which the guarded definition calls), and checks
// both sums exactly (integer-valued doubles below 2^53: every order of the
// adds gives the same sum).
// run.sh: before fails to compile
#include "harness.cuh"

enum { BLOCKS = 512, THREADS = 256, WORDS = 8, REPEAT = 16 };

__device__ double cas_add(double *address, double val)
{
    unsigned long long *word = (unsigned long long *)address;
    unsigned long long old = *word, assumed;

    do {
        assumed = old;
        old = atomicCAS(word, assumed,
                        __double_as_longlong(val + __longlong_as_double((long long)assumed)));
    } while (assumed != old); // integer compare: a NaN never spins
    return __longlong_as_double((long long)old);
}

__device__ double atomicAdd(double *address, double val)
{
    return cas_add(address, val);
}

__global__ void sums(double *native, double *fallback)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;

    for (int r = 0; r < REPEAT; r++) {
        double v = (double)((t + r) % 7 + 1);
        atomicAdd(&native[(t + r) % WORDS], v);
        cas_add(&fallback[(t + r) % WORDS], v);
    }
}

int main()
{
    double *d, h[2 * WORDS], want[WORDS] = { 0 };

    for (unsigned t = 0; t < BLOCKS * THREADS; t++)
        for (int r = 0; r < REPEAT; r++)
            want[(t + r) % WORDS] += (double)((t + r) % 7 + 1);
    CHECK_CUDA(cudaMalloc(&d, sizeof(h)));
    CHECK_CUDA(cudaMemset(d, 0, sizeof(h)));
    sums<<<BLOCKS, THREADS>>>(d, d + WORDS);
    CHECK_CUDA(cudaGetLastError());
    wait_or_die(30.0, "sums");
    CHECK_CUDA(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
    for (int i = 0; i < WORDS; i++) {
        expect(h[i] == want[i], "%snative sum of word %lld is off by %lld", "", i,
               (long long)(h[i] - want[i]));
        expect(h[WORDS + i] == want[i], "%sfallback sum of word %lld is off by %lld", "", i,
               (long long)(h[WORDS + i] - want[i]));
    }
    return finish("double add guard");
}
