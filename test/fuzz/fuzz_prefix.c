/*
 * libFuzzer target for the include-prefix reader (src/parse/prefix.c),
 * which reads every source file's first lines for the shared preamble.
 * Beyond "no crash, no sanitizer report": every line of the prefix is
 * "#include <NAME>" with a non-empty NAME free of '>', control characters
 * and backslashes, and the prefix read back from itself is itself.  Built and
 * run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/prefix.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

static void check_lines(const char *s, size_t len)
{
	const char *p = s, *end = s + len, *nl, *name;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		REQUIRE(nl && nl - p >= 12 && !memcmp(p, "#include <", 10) && nl[-1] == '>');
		for (name = p + 10; name < nl - 1; name++)
			REQUIRE(*name != '>' && *name != '\\' && (unsigned char)*name >= 0x20);
		p = nl + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;

	cal_include_prefix((const char *)data, size, &once);
	check_lines(once.buf, once.len);
	cal_include_prefix(once.buf, once.len, &twice);
	REQUIRE(once.len == twice.len && !memcmp(once.buf, twice.buf, once.len));
	strbuf_release(&once);
	strbuf_release(&twice);
	return 0;
}
