/*
 * Unit tests for src/driver/host_memory.c: which text is evidence of host
 * memory.  It errs towards evidence (only ever widening a fix's scope), but a
 * longer name that merely contains an allocator's name is none.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "driver/host_memory.h"

static int evidence_is(const char *text, const char *want)
{
	char *got = cal_host_memory_in_text(text, strlen(text), "f.cu", 1);
	int same = want ? got && !strcmp(got, want) : !got;

	if (!same)
		fprintf(stderr, "for '%s': got '%s', want '%s'\n", text, got ? got : "(none)",
			want ? want : "(none)");
	free(got);
	return same;
}

int main(void)
{
	EXPECT(evidence_is("int main() { cudaMallocHost(&p, 4); }", "cudaMallocHost (f.cu:1)"));
	EXPECT(evidence_is("\n\n  cudaHostAlloc ((void **)&p, n, 0);", "cudaHostAlloc (f.cu:3)"));
	EXPECT(evidence_is("cudaMallocManaged<int>(&p, n);", "cudaMallocManaged (f.cu:1)"));
	EXPECT(evidence_is("x;\ncudaHostRegister\n(p, n, 0);", "cudaHostRegister (f.cu:2)"));
	/* the driver API's names; a peer GPU's memory mapped here */
	EXPECT(evidence_is("cuMemHostAlloc(&p, n, 0);", "cuMemHostAlloc (f.cu:1)"));
	EXPECT(evidence_is("CUDACHECK(cudaIpcOpenMemHandle(&p, h, 1));", "cudaIpcOpenMemHandle (f.cu:1)"));
	EXPECT(evidence_is("cudaDeviceEnablePeerAccess(1, 0);", "cudaDeviceEnablePeerAccess (f.cu:1)"));
	EXPECT(evidence_is("cuMemImportFromShareableHandle(&h, fd, t);",
			   "cuMemImportFromShareableHandle (f.cu:1)"));
	EXPECT(evidence_is("cudaDeviceCanAccessPeer(&ok, 0, 1);", NULL));
	/* HIP's names (the same table as hip-unsafe-fp-atomic's evidence) */
	EXPECT(evidence_is("hipHostMalloc((void **)&p, n, 0);", "hipHostMalloc (f.cu:1)"));
	EXPECT(evidence_is("x;\n  hipMallocManaged(&p, n);", "hipMallocManaged (f.cu:2)"));
	EXPECT(evidence_is("hipExtMallocWithFlags(&p, n, hipDeviceMallocFinegrained);",
			   "hipExtMallocWithFlags (f.cu:1)"));
	EXPECT(evidence_is("hipIpcOpenMemHandle(&p, h, 0);", "hipIpcOpenMemHandle (f.cu:1)"));
	EXPECT(evidence_is("hipMalloc(&p, n); hipHostGetDevicePointer(&d, p, 0);", NULL));
	EXPECT(evidence_is("my_hipHostMalloc(&p); hipHostMallocX(&p);", NULL));
	/* for CUDA code HIP's calls are none (a HIP program's memory never reaches it) */
	{
		const char *t = "hipHostMalloc(&p, n, 0); cudaMallocHost(&q, n);";
		char *got = cal_host_memory_in_text(t, strlen(t), "f.cu", 0);
		EXPECT(got && !strcmp(got, "cudaMallocHost (f.cu:1)"));
		free(got);
		got = cal_host_memory_in_text("hipHostMalloc(&p, n, 0);", 24, "f.cu", 0);
		EXPECT(got == NULL);
	}
	/* the first one counts */
	EXPECT(evidence_is("cudaHostRegister(a); cudaMallocHost(b);", "cudaHostRegister (f.cu:1)"));
	/* a name, not a call; a longer identifier; nothing */
	EXPECT(evidence_is("auto f = cudaMallocHost;", NULL));
	EXPECT(evidence_is("my_cudaMallocHost(&p); cudaMallocHostWrapper(&p);", NULL));
	EXPECT(evidence_is("cudaMalloc(&p, 4); cudaHostGetDevicePointer(&d, p, 0);", NULL));
	EXPECT(evidence_is("", NULL));
	EXPECT(evidence_is("cudaMallocHost", NULL));
	return test_summary("host_memory");
}
