#include "arch_dependence.h"

#include <string.h>

static const char arch_macro[] = "__CUDA_ARCH";
static const char list_suffix[] = "_LIST__";

/*
 * <nv/target>'s NV_IF_TARGET / NV_IF_ELSE_TARGET / NV_DISPATCH_TARGET pick
 * code by __CUDA_ARCH__ inside a system header's macro, so the user's text
 * never names __CUDA_ARCH__ itself.
 */
static const char *const nv_target_macros[] = { "NV_IF_TARGET", "NV_IF_ELSE_TARGET",
	"NV_DISPATCH_TARGET", NULL };

static int mentions_nv_target(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *hit = memchr(p, 'N', (size_t)(end - p));
		const char *const *m;
		if (!hit)
			return 0;
		for (m = nv_target_macros; *m; m++)
			if ((size_t)(end - hit) >= strlen(*m) && !memcmp(hit, *m, strlen(*m)))
				return 1;
		p = hit + 1;
	}
	return 0;
}

static int mentions_cuda_arch(const char *text, size_t len);

int cal_text_mentions_arch(const char *text, size_t len)
{
	return mentions_cuda_arch(text, len) || mentions_nv_target(text, len);
}

static int mentions_cuda_arch(const char *text, size_t len)
{
	const size_t n = sizeof(arch_macro) - 1;
	const char *p = text, *end = text + len;

	while ((size_t)(end - p) >= n) {
		const char *hit = memchr(p, '_', (size_t)(end - p));
		if (!hit || (size_t)(end - hit) < n)
			return 0;
		if (!memcmp(hit, arch_macro, n)) {
			const char *after = hit + n;
			size_t rest = (size_t)(end - after);
			if (!(rest >= sizeof(list_suffix) - 1 &&
			      !memcmp(after, list_suffix, sizeof(list_suffix) - 1)))
				return 1;
		}
		p = hit + 1;
	}
	return 0;
}

struct scan {
	CXTranslationUnit tu;
	int depends;
};

static void inclusion_visitor(CXFile file, CXSourceLocation *stack, unsigned depth,
			      CXClientData data)
{
	struct scan *s = data;
	size_t size = 0;
	const char *text;
	CXSourceLocation start;

	(void)stack;
	(void)depth;
	if (s->depends)
		return;
	start = clang_getLocationForOffset(s->tu, file, 0);
	if (clang_Location_isInSystemHeader(start))
		return;
	text = clang_getFileContents(s->tu, file, &size);
	if (text && cal_text_mentions_arch(text, size))
		s->depends = 1;
}

int cal_tu_depends_on_arch(CXTranslationUnit tu)
{
	struct scan s = { tu, 0 };
	clang_getInclusions(tu, inclusion_visitor, &s);
	return s.depends;
}
