/*
 * Unit tests for the PCH's facts file (parse/pch_facts.c): what is written
 * reads back the same, a macro's text keeps its backslashes and newlines,
 * and a file that is cut short, or holds a line of another shape or an
 * index out of range, is refused whole (the parse then keeps the indexer).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"
#include "cuatomlint/strbuf.h"
#include "parse/pch_facts.h"

static void sample(struct cal_pch_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->nr_files = f->alloc_files = 2;
	f->files = calloc(2, sizeof(*f->files));
	f->files[0].name = strdup("/p/common.cuh");
	f->files[0].raw_base = 2147000000u;
	f->files[1].name = strdup("/usr/local/cuda/include/cuda.h");
	f->files[1].system = 1;
	f->nr_decls = f->alloc_decls = 2;
	f->decls = calloc(2, sizeof(*f->decls));
	f->decls[0].offset = 10;
	f->decls[0].lookup = 10;
	f->decls[0].kind = 8;
	f->decls[0].how = CAL_PCH_BY_ARGUMENT;
	f->decls[0].raw = 2147001234u;
	f->decls[1].offset = 120;
	f->decls[1].lookup = 100;
	f->decls[1].how = CAL_PCH_BY_TOKENS;
	f->decls[1].kind = 30;
	f->decls_found = 1;
	f->nr_macros = f->alloc_macros = 3;
	f->macros = calloc(3, sizeof(*f->macros));
	f->macros[0].file = -1;
	f->macros[0].name = strdup("__CUDACC__");
	f->macros[0].text = strdup("__CUDACC__ 1");
	f->macros[1].file = 1;
	f->macros[1].offset = 77;
	f->macros[1].name = strdup("ALIGN");
	f->macros[1].text = strdup("ALIGN(n) __align__(n) \\\n{ }");
	f->macros[2].file = 0;
	f->macros[2].offset = 5;
	f->macros[2].name = strdup("EMPTY");
	f->nr_incs = f->alloc_incs = 1;
	f->incs = calloc(1, sizeof(*f->incs));
	f->incs[0].from = 0;
	f->incs[0].line = 3;
	f->incs[0].to = 1;
	f->words = 5;
	f->host_unread = strdup("/x.h: tests the arch");
}

static char *written(const struct cal_pch_facts *f, size_t *len)
{
	char path[] = "/tmp/cuatomlint-facts-XXXXXX";
	int fd = mkstemp(path);
	struct strbuf sb = STRBUF_INIT;

	EXPECT(fd >= 0);
	close(fd);
	EXPECT(cal_pch_facts_write(f, path) == 0);
	EXPECT(read_file(path, &sb) == 0);
	unlink(path);
	*len = sb.len;
	return strbuf_detach(&sb);
}

static int same(const struct cal_pch_facts *a, const struct cal_pch_facts *b)
{
	size_t i;
	int ok = a->nr_files == b->nr_files && a->nr_decls == b->nr_decls &&
		 a->nr_macros == b->nr_macros && a->nr_incs == b->nr_incs &&
		 a->words == b->words && a->decls_found == b->decls_found &&
		 !strcmp(a->host_unread, b->host_unread);

	for (i = 0; ok && i < a->nr_files; i++)
		ok = !strcmp(a->files[i].name, b->files[i].name) &&
		     a->files[i].system == b->files[i].system &&
		     a->files[i].raw_base == b->files[i].raw_base;
	for (i = 0; ok && i < a->nr_decls; i++)
		ok = !memcmp(&a->decls[i], &b->decls[i], sizeof(a->decls[i]));
	for (i = 0; ok && i < a->nr_macros; i++)
		ok = a->macros[i].file == b->macros[i].file &&
		     a->macros[i].offset == b->macros[i].offset &&
		     !strcmp(a->macros[i].name, b->macros[i].name) &&
		     (a->macros[i].text ? b->macros[i].text &&
					  !strcmp(a->macros[i].text, b->macros[i].text)
					: !b->macros[i].text);
	for (i = 0; ok && i < a->nr_incs; i++)
		ok = !memcmp(&a->incs[i], &b->incs[i], sizeof(a->incs[i]));
	return ok;
}

static void test_round_trip(void)
{
	struct cal_pch_facts f, back;
	size_t len, cut;
	char *text;

	sample(&f);
	text = written(&f, &len);
	EXPECT(cal_pch_facts_parse(text, len, &back) == 0);
	EXPECT(same(&f, &back));
	cal_pch_facts_release(&back);
	/* every shorter file is refused: the last line says the end */
	for (cut = 0; cut < len; cut++) {
		EXPECT(cal_pch_facts_parse(text, cut, &back) == -1);
		EXPECT(back.nr_files == 0 && back.macros == NULL);
	}
	free(text);
	cal_pch_facts_release(&f);
}

static void test_refused(void)
{
	static const char *const bad[] = {
		"cuatomlint-pch-facts 2\nwords 0\ndecls-found 1\nend\n",
		"cuatomlint-pch-facts 1\nwords x\ndecls-found 1\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 2\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\ndecl 0 1 1 0 0 8\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nfile 0 0 /a\ndecl 0 1 1 4 0 8\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nfile 0 0 /a\ninc 0 1 1\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nfile 0 0 /a\nmacro 1 0 A\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nmacro -1 0 A \nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nmacro -1 0 A x\\y\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nfile 2 0 /a\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nfile 0 0 \nend\n",
		"cuatomlint-pch-facts 1\nwords 99999999999\ndecls-found 1\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nwhat\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nend\nend\n",
		"cuatomlint-pch-facts 1\nwords 0\ndecls-found 1\nend",
	};
	static const char good[] = "cuatomlint-pch-facts 1\nwords 0\ndecls-found 0\nend\n";
	struct cal_pch_facts f;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int r = cal_pch_facts_parse(bad[i], strlen(bad[i]), &f);
		if (r != -1)
			fprintf(stderr, "accepted: %s\n", bad[i]);
		EXPECT(r == -1);
	}
	EXPECT(cal_pch_facts_parse(good, strlen(good), &f) == 0);
	EXPECT(f.decls_found == 0 && f.words == 0);
	cal_pch_facts_release(&f);
	EXPECT(cal_pch_facts_read("/nonexistent/x.facts", &f) == -1);
}

static void test_path(void)
{
	char *p = cal_pch_facts_path("/tmp/k/abc.pch");

	EXPECT(!strcmp(p, "/tmp/k/abc.facts"));
	free(p);
}

int main(void)
{
	test_round_trip();
	test_refused();
	test_path();
	return test_summary("pch_facts");
}
