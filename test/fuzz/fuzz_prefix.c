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
 * And the arch replay (src/parse/arch_pp.c), which reads the user's
 * directives: every target placed in one group, the host's path too.
 * And the PCH's facts file (src/parse/pch_facts_file.c): what it accepts
 * writes back to a text it reads the same, which writes back to itself.
 * Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "parse/arch_pp.h"
#include "parse/pch_facts.h"
#include "parse/comments.h"
#include "parse/user_words.h"
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
	/* the host's words are a narrower reading of the same text */
	REQUIRE(!(cal_text_host_words((const char *)data, size) & ~words));
	if (!copy)
		return;
	memcpy(copy, data, size);
	copy[size] = 'x';	/* an identifier byte after the text changes nothing */
	REQUIRE(cal_text_user_words(copy, size) == words);
	free(copy);
}

/*
 * The arch replay (src/parse/arch_pp.c) reads the user's directives: a
 * one-file TU of the input, the first parse having skipped its second
 * half, grouped for sm_75 and sm_90 with the host's path replayed too;
 * and the system-macro test at a few offsets.  No crash, no hang, a plan
 * that places each target once.
 */
static void check_replay(const uint8_t *data, size_t size)
{
	struct cal_pp_tu tu;
	struct cal_target_set set;
	struct cal_arch_plan plan;
	uint64_t placed = 0;
	char *host_why = NULL;
	unsigned host_words = 0;
	int g;

	memset(&tu, 0, sizeof(tu));
	memset(&set, 0, sizeof(set));
	set.t[0].sm = 75;
	set.t[1].sm = 90;
	set.n = 2;
	GROW(tu.files, tu.alloc_files, 1);
	memset(&tu.files[0], 0, sizeof(tu.files[0]));
	tu.files[0].name = xstrdup("f.cu");
	tu.files[0].text = (const char *)data;
	tu.files[0].len = size;
	tu.files[0].user = 1;
	tu.nr_files = 1;
	tu.have_skipped = size & 1;
	GROW(tu.files[0].skipped, tu.files[0].alloc_skipped, 1);
	tu.files[0].skipped[0][0] = size / 2;
	tu.files[0].skipped[0][1] = size;
	tu.files[0].nr_skipped = 1;
	cal_arch_plan_from_pp(&tu, &set, 1, &plan, &host_why, &host_words);
	for (g = 0; g < plan.nr_groups; g++) {
		REQUIRE(plan.groups[g] && !(placed & plan.groups[g]));
		placed |= plan.groups[g];
	}
	REQUIRE(placed == 3);
	/* unknown skipped ranges, or a failed host path: every word */
	REQUIRE(!(host_why || !tu.have_skipped) || host_words == CAL_WORDS_ALL);
	REQUIRE(!(host_words & ~(unsigned)CAL_WORDS_ALL));
	/* the host's first __nv_atomic_* name lies in the file, where the text names it */
	REQUIRE(host_why || !tu.host_nv_atomic.at ||
		(tu.host_nv_atomic.file == 0 && tu.host_nv_atomic.at >= (const char *)data &&
		 tu.host_nv_atomic.at + 12 <= (const char *)data + size &&
		 !memcmp(tu.host_nv_atomic.at, "__nv_atomic_", 12)));
	/* the host's words were read somewhere in the file */
	for (g = 0; !host_why && tu.have_skipped && g < CAL_PP_NR_WORDS; g++)
		REQUIRE(!(host_words & (1u << g)) ||
			(tu.host_word_at[g].at && tu.host_word_at[g].file == 0 &&
			 tu.host_word_at[g].at >= (const char *)data &&
			 tu.host_word_at[g].at < (const char *)data + size));
	free(host_why);
	cal_arch_plan_release(&plan);
	cal_pp_tu_release(&tu);
	(void)cal_pp_defined_per_side((const char *)data, size, size / 3);
	(void)cal_pp_defined_per_side((const char *)data, size, size);
}

/* What the facts reader accepts writes back to a text that reads back to itself. */
static void check_facts_text(const char *text, size_t len)
{
	struct cal_pch_facts f, again;
	struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;

	if (cal_pch_facts_parse(text, len, &f) < 0)
		return;
	REQUIRE(cal_pch_facts_format(&f, &once) == 0);
	REQUIRE(cal_pch_facts_parse(once.buf, once.len, &again) == 0);
	REQUIRE(cal_pch_facts_format(&again, &twice) == 0);
	REQUIRE(once.len == twice.len && !memcmp(once.buf, twice.buf, once.len));
	cal_pch_facts_release(&f);
	cal_pch_facts_release(&again);
	strbuf_release(&once);
	strbuf_release(&twice);
}

/* The bytes as a whole file, and as its lines after a valid head. */
static void check_facts(const uint8_t *data, size_t size)
{
	static const char head[] = "cuatomlint-pch-facts 1\nwords 3\ndecls-found 1\n";
	struct strbuf sb = STRBUF_INIT;

	check_facts_text((const char *)data, size);
	strbuf_adds(&sb, head);
	strbuf_add(&sb, (const char *)data, size);
	check_facts_text(sb.buf, sb.len);
	strbuf_release(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check(data, size, 0);
	check(data, size, 1);
	check_blanked(data, size);
	check_words(data, size);
	check_replay(data, size);
	check_facts(data, size);
	return 0;
}
