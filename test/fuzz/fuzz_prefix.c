/*
 * libFuzzer target for the include-prefix reader (src/parse/prefix.c),
 * which reads every source file's first lines for the shared preamble.
 * Beyond "no crash, no sanitizer report": every line of the prefix is
 * "#include <NAME>" with a non-empty NAME free of '>', control characters
 * and backslashes, and the prefix read back from itself is itself; the
 * same for the prefix over user headers (cal_include_prefix_user), whose
 * lines may also be "#include \"NAME\"" (NAME free of '"' and '>').
 * Also the comment blanker (src/parse/comments.c) the arch test reads
 * files through: its copy is as long as the text, each byte the text's or
 * a blank, the newlines where they were.  And the word scan the checks'
 * needs_words read every file through (src/parse/word_scan.c): only its
 * words, and the same on a copy of the text (it reads nothing past it).
 * Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/comments.h"
#include "parse/prefix.h"
#include "parse/user_words.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

static void check_lines(const char *s, size_t len, int quoted)
{
	const char *p = s, *end = s + len, *nl, *name;
	char shut;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		REQUIRE(nl && nl - p >= 12 && !memcmp(p, "#include ", 9));
		REQUIRE(p[9] == '<' || (quoted && p[9] == '"'));
		shut = p[9] == '<' ? '>' : '"';
		REQUIRE(nl[-1] == shut);
		for (name = p + 10; name < nl - 1; name++)
			REQUIRE(*name != shut && *name != '>' && *name != '\\' &&
				(unsigned char)*name >= 0x20);
		p = nl + 1;
	}
}

static void check(const uint8_t *data, size_t size, int quoted)
{
	struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;
	void (*prefix)(const char *, size_t, struct strbuf *) =
		quoted ? cal_include_prefix_user : cal_include_prefix;

	prefix((const char *)data, size, &once);
	check_lines(once.buf, once.len, quoted);
	prefix(once.buf, once.len, &twice);
	REQUIRE(once.len == twice.len && !memcmp(once.buf, twice.buf, once.len));
	strbuf_release(&once);
	strbuf_release(&twice);
}

static void check_blanked(const uint8_t *data, size_t size)
{
	char *code = cal_blank_comments((const char *)data, size);
	size_t i;

	for (i = 0; code && i < size; i++)
		REQUIRE(code[i] == (char)data[i] ||
			(code[i] == ' ' && data[i] != '\n'));
	free(code);
}

static void check_words(const uint8_t *data, size_t size)
{
	unsigned words = cal_text_user_words((const char *)data, size);
	char *copy = malloc(size + 1);

	REQUIRE(!(words & ~(unsigned)CAL_WORDS_ALL));
	if (!copy)
		return;
	memcpy(copy, data, size);
	copy[size] = 'x';	/* an identifier byte after the text changes nothing */
	REQUIRE(cal_text_user_words(copy, size) == words);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check(data, size, 0);
	check(data, size, 1);
	check_blanked(data, size);
	check_words(data, size);
	return 0;
}
