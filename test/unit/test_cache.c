/*
 * Unit tests for the result cache's serialization of findings (every field
 * survives a round trip; truncated or damaged text is refused, never
 * crashes) and for the launcher's reading of compile commands.
 */
#include <stdlib.h>
#include <string.h>

#include "driver/cache.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "driver/launcher.h"
#include "test.h"

static const char *registry_id(const char *name)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(cal_checks[i]->id, name))
			return cal_checks[i]->id;
	return NULL;
}

static struct cal_range range(const char *file, unsigned off, unsigned line, unsigned col)
{
	struct cal_range r;
	memset(&r, 0, sizeof(r));
	r.begin.file = (char *)file;
	r.begin.offset = off;
	r.begin.line = line;
	r.begin.column = col;
	r.end = r.begin;
	r.end.offset += 5;
	r.end.column += 5;
	return r;
}

/* Two findings: one with notes, a fix of two edits, odd bytes in strings. */
static void make_findings(struct cal_findings *list)
{
	struct cal_finding f;
	struct cal_range r = range("dir/k.cu", 40, 3, 7), nr = range("inc/h.cuh", 2, 1, 3);
	struct cal_edit e = { "dir/k.cu", 40, 5, "cuda::atomic_ref<int> r(x);\n  r.store(1)", 3, 7, 3, 12, 0xfedcba9876543210ULL };
	struct cal_fix *fix;

	memset(&f, 0, sizeof(f));
	f.check = "nv-atomic-host";
	f.severity = CAL_SEV_ERROR;
	cal_range_copy(&f.range, &r);
	f.message = xstrdup("'x' on {archs}: 12:34 \"quoted\" 5:abc ~ ");
	f.archs = CAL_HOST_BIT | 5;
	f.arch_specific = 1;
	f.partial_parse = 1;
	cal_finding_add_note(&f, &nr, "note: with a\nnewline");
	cal_finding_add_note(&f, &r, "");
	fix = cal_finding_add_fix(&f, "use cuda::atomic_ref");
	cal_fix_add_edit(fix, &e);
	e.offset = 90;
	e.replacement = "";
	cal_fix_add_edit(fix, &e);
	cal_findings_take(list, &f);

	memset(&f, 0, sizeof(f));
	f.check = "clang-diagnostic-error";
	f.severity = CAL_SEV_ERROR;
	cal_range_copy(&f.range, &r);
	free(f.range.end.file);
	f.range.end.file = NULL;
	f.message = xstrdup("expected ';'");
	cal_findings_take(list, &f);
}

static void test_round_trip(void)
{
	struct cal_findings in = { NULL, 0, 0 }, out = { NULL, 0, 0 };
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	make_findings(&in);
	cal_findings_serialize(&in, &a);
	EXPECT(cal_findings_deserialize(a.buf, a.len, &out) == 0);
	EXPECT(out.nr == 2);
	cal_findings_serialize(&out, &b);
	EXPECT(a.len == b.len && !memcmp(a.buf, b.buf, a.len));
	if (out.nr == 2) {
		const struct cal_finding *f = &out.items[0];
		EXPECT(!strcmp(f->check, "nv-atomic-host"));
		EXPECT(f->check == registry_id("nv-atomic-host"));	/* the static ID, not a copy */
		EXPECT(f->archs == (CAL_HOST_BIT | 5) && f->arch_specific && f->partial_parse);
		EXPECT(f->nr_notes == 2 && !strcmp(f->notes[0].message, "note: with a\nnewline"));
		EXPECT(f->nr_fixes == 1 && f->fixes[0].nr_edits == 2);
		EXPECT(!strcmp(f->fixes[0].edits[0].replacement, in.items[0].fixes[0].edits[0].replacement));
		EXPECT(f->fixes[0].edits[1].offset == 90 && f->fixes[0].edits[1].end_column == 12);
		EXPECT(f->fixes[0].edits[0].file_hash == 0xfedcba9876543210ULL);
		EXPECT(out.items[1].range.end.file == NULL);
	}
	cal_findings_release(&in);
	cal_findings_release(&out);
	strbuf_release(&a);
	strbuf_release(&b);
}

/* Every truncation and every one-byte change is refused or read safely. */
static void test_damage(void)
{
	struct cal_findings in = { NULL, 0, 0 }, out = { NULL, 0, 0 };
	struct strbuf a = STRBUF_INIT;
	size_t i;
	int refused = 0;

	make_findings(&in);
	cal_findings_serialize(&in, &a);
	for (i = 0; i < a.len; i++) {
		refused += cal_findings_deserialize(a.buf, i, &out) < 0;
		cal_findings_release(&out);
	}
	EXPECT(refused == (int)a.len);
	for (i = 0; i < a.len; i++) {
		char saved = a.buf[i];
		a.buf[i] = saved == '9' ? '0' : '9';
		cal_findings_deserialize(a.buf, a.len, &out);
		cal_findings_release(&out);
		a.buf[i] = saved;
	}
	EXPECT(cal_findings_deserialize("1 \n3:no-such-check 0 ", 21, &out) < 0);
	EXPECT(cal_findings_deserialize("99999999999999999999999 end\n", 28, &out) < 0);
	EXPECT(out.nr == 0);
	cal_findings_release(&in);
	strbuf_release(&a);
}

static void test_deps_set(void)
{
	struct cal_deps d = { NULL, 0, 0 };
	char name[32];
	int i;

	for (i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "/inc/h%d.h", i % 700);
		cal_deps_add(&d, name);
	}
	EXPECT(d.nr == 700);
	cal_deps_release(&d);
}

static void test_launcher_command(void)
{
	char *cmake[] = { "nvcc", "-forward-unknown-to-host-compiler", "-DX=1",
			  "--generate-code=arch=compute_75,code=[compute_75,sm_75]", "-x", "cu",
			  "-rdc=true", "-MD", "-MT", "k.cu.o", "-MF", "k.cu.o.d",
			  "-include", "pre.cuh", "-c", "/src/k.cu", "-o", "dir/k.cu.o" };
	char *plain[] = { "nvcc", "-c", "src/kern.cu" };
	char *eq[] = { "nvcc", "-c", "a.cu", "--output-file=b.o" };
	char *link[] = { "nvcc", "a.o", "b.o", "-o", "app" };
	char *obj;

	EXPECT(!strcmp(cal_launcher_source(cmake, 18), "/src/k.cu"));
	obj = cal_launcher_object(cmake, 18, "/src/k.cu");
	EXPECT(obj && !strcmp(obj, "dir/k.cu.o"));
	free(obj);
	obj = cal_launcher_object(plain, 3, "src/kern.cu");
	EXPECT(obj && !strcmp(obj, "kern.o"));
	free(obj);
	obj = cal_launcher_object(eq, 4, "a.cu");
	EXPECT(obj && !strcmp(obj, "b.o"));
	free(obj);
	EXPECT(cal_launcher_source(link, 5) == NULL);
}

int main(void)
{
	test_round_trip();
	test_damage();
	test_deps_set();
	test_launcher_command();
	return test_summary("cache");
}
