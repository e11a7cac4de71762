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
	/* <nv/target> selects code by __CUDA_ARCH__ in its own macros */
	EXPECT(mentions("NV_IF_TARGET(NV_PROVIDES_SM_90, (f();), (g();))"));
	EXPECT(mentions("NV_IF_ELSE_TARGET(NV_IS_DEVICE, (a();), (b();))"));
	EXPECT(mentions("NV_DISPATCH_TARGET(NV_PROVIDES_SM_90, (f();))"));
	EXPECT(!mentions("NV_IF_TARG"));
	/* a buffer that ends in the middle of the macro name */
	EXPECT(!cal_text_mentions_arch("__CUDA_ARCH__", 8));
	return test_summary("arch_dependence");
}
