#include "cutile/cutile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

int cal_cutile_is_python(const char *path)
{
	size_t n = strlen(path);
	return n >= 3 && !strcmp(path + n - 3, ".py");
}

static int has_word(const char *text, size_t len, const char *w)
{
	size_t n = strlen(w), i;
	for (i = 0; i + n <= len; i++)
		if (!memcmp(text + i, w, n))
			return 1;
	return 0;
}

/* A cheap look: a walk lints only files that name cuda.tile in an import. */
int cal_cutile_imports_tile(const char *text, size_t len)
{
	return has_word(text, len, "import cuda.tile") || has_word(text, len, "from cuda.tile ") ||
	       has_word(text, len, "from cuda import tile");
}

int cal_cutile_lint_file(const char *path, const int *enabled, struct cal_findings *out)
{
	struct strbuf sb = STRBUF_INIT;
	int r;

	if (read_file(path, &sb) < 0) {
		cal_error("cannot read '%s': %s", path, strerror(errno));
		strbuf_release(&sb);
		return -1;
	}
	r = cal_cutile_lint_text(path, sb.buf, sb.len, enabled, out);
	if (r < 0)
		cal_error("cannot parse '%s' as Python", path);
	strbuf_release(&sb);
	return r;
}
