#define INC(p) atomicAdd(p, 1)
#define PTR hist

__global__ void k(int *hist, int *other) {
	atomicAdd(hist, atomicAdd(other, 1));
	INC(hist);
	atomicAdd(PTR, 2);
	atomicSub(other, 3);
}
