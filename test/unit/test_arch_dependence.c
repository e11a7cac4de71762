/* Unit tests for the textual __CUDA_ARCH__ scan. */
#include <string.h>

#include "arch_dependence.h"
#include "test.h"

static int mentions(const char *s)
{
	return cal_text_mentions_arch(s, strlen(s));
}

int main(void)
{
	EXPECT(mentions("#if __CUDA_ARCH__ >= 600\n"));
	EXPECT(mentions("#ifdef __CUDA_ARCH__"));
	EXPECT(mentions("x __CUDA_ARCH_FEAT_SM90_ALL y"));
	EXPECT(mentions("__CUDA_ARCH"));
	EXPECT(!mentions("int x = __CUDA_ARCH_LIST__;"));
	EXPECT(mentions("__CUDA_ARCH_LIST__ __CUDA_ARCH__"));
	EXPECT(!mentions(""));
	EXPECT(!mentions("__CUDA_ARC"));
	EXPECT(!mentions("__global__ void k() { atomicAdd(p, 1); }"));
	/* a buffer that ends in the middle of the macro name */
	EXPECT(!cal_text_mentions_arch("__CUDA_ARCH__", 8));
	return test_summary("arch_dependence");
}
