/* test-load.c - numeric references, Arabic Presentation Forms, whole pages
 * through load_bytes and load_file, and every refusal (load.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load.h"

/* UTF-8 of the letters used below */
#define ALEF      "\xd8\xa7"   /* U+0627 ا */
#define REH       "\xd8\xb1"   /* U+0631 ر */
#define YEH_HAMZA "\xd8\xa6"   /* U+0626 ئ */
#define SEEN      "\xd8\xb3"   /* U+0633 س */
#define LAM       "\xd9\x84"   /* U+0644 ل */
#define MEEM      "\xd9\x85"   /* U+0645 م */
#define UE        "\xdb\x90"   /* U+06D0 ې */
#define NG        "\xda\xad"   /* U+06AD ڭ */
#define FFFD      "\xef\xbf\xbd"
#define EURO      "\xe2\x82\xac"

/* ---- numeric character references ---- */

static void
check_refs(const char *in, const char *want, size_t want_count)
{
	struct buf out;
	buf_init(&out);
	size_t k = load_decode_refs(in, strlen(in), &out);
	assert_non_null(out.data);
	if (strcmp(out.data, want) || k != want_count)
		print_error("refs(\"%s\") = \"%s\" (%zu)\n", in, out.data, k);
	assert_string_equal(out.data, want);
	assert_int_equal(out.len, strlen(want));
	assert_int_equal(k, want_count);
	buf_free(&out);
}

static void
test_refs_decimal_hex(void **state)
{
	(void)state;
	check_refs("&#1575;", ALEF, 1);
	check_refs("&#x627;", ALEF, 1);
	check_refs("&#X627;", ALEF, 1);
	check_refs("&#x0627;", ALEF, 1);
	check_refs("&#01575;", ALEF, 1);
	check_refs("a&#1575;b", "a" ALEF "b", 1);
	/* the paper's example letters, and a whole Uyghur word: ئار */
	check_refs("&#1574;&#1575;&#1585;", YEH_HAMZA ALEF REH, 3);
	check_refs("&#160;", "\xc2\xa0", 1);
	check_refs("&#x4E2D;&#x6587;", "\xe4\xb8\xad\xe6\x96\x87", 2);
	check_refs("&#128512;", "\xf0\x9f\x98\x80", 1);
	check_refs("&#x10FFFF;", "\xf4\x8f\xbf\xbf", 1);
	check_refs("no references here", "no references here", 0);
	check_refs("", "", 0);
}

static void
test_refs_markup_stays(void **state)
{
	(void)state;
	/* below U+0080 a reference stays as written: decoding &#60; would
	 * turn text into a tag; the parser decodes these itself */
	check_refs("&#60;b&#62;", "&#60;b&#62;", 0);
	check_refs("&#x3C;&#x3c;", "&#x3C;&#x3c;", 0);
	check_refs("&#65;&#38;&#34;", "&#65;&#38;&#34;", 0);
	check_refs("&#127;", "&#127;", 0);
	check_refs("&#60;&#1575;", "&#60;" ALEF, 1);
	/* named entities are the parser's business */
	check_refs("&amp;&lt;&eacute;", "&amp;&lt;&eacute;", 0);
	/* an escaped reference is text about a reference */
	check_refs("&amp;#1575;", "&amp;#1575;", 0);
	/* not references at all */
	check_refs("&#;", "&#;", 0);
	check_refs("&#x;", "&#x;", 0);
	check_refs("&#xg1;", "&#xg1;", 0);
	check_refs("&#", "&#", 0);
	check_refs("&", "&", 0);
	check_refs("a & b", "a & b", 0);
	check_refs("&&#1575;", "&" ALEF, 1);
}

static void
test_refs_c1(void **state)
{
	(void)state;
	/* &#128; - &#159; name windows-1252's characters (HTML) */
	check_refs("&#128;", EURO, 1);
	check_refs("&#x80;", EURO, 1);
	check_refs("&#150;", "\xe2\x80\x93", 1);         /* – */
	check_refs("&#147;q&#148;", "\xe2\x80\x9cq\xe2\x80\x9d", 1 + 1);
	check_refs("&#159;", "\xc5\xb8", 1);             /* Ÿ */
	/* the five undefined ones stay C1 controls */
	check_refs("&#129;", "\xc2\x81", 1);
	check_refs("&#157;", "\xc2\x9d", 1);
	/* just outside the range */
	check_refs("&#160;&#127;", "\xc2\xa0&#127;", 1);
}

static void
test_refs_invalid(void **state)
{
	(void)state;
	check_refs("&#0;", FFFD, 1);
	check_refs("&#x0;", FFFD, 1);
	check_refs("&#xD800;", FFFD, 1);
	check_refs("&#xDFFF;", FFFD, 1);
	check_refs("&#55296;", FFFD, 1);                  /* 0xD800 */
	check_refs("&#x110000;", FFFD, 1);
	check_refs("&#1114112;", FFFD, 1);                /* 0x110000 */
	check_refs("&#99999999999999999999;", FFFD, 1);   /* no overflow */
	check_refs("&#xFFFFFFFFFFFFFFFFFFFF;", FFFD, 1);
	check_refs("a&#0;b&#xD800;c", "a" FFFD "b" FFFD "c", 2);
}

static void
test_refs_no_semicolon(void **state)
{
	(void)state;
	check_refs("&#1575 x", ALEF " x", 1);
	check_refs("&#1575", ALEF, 1);
	check_refs("&#x627z", ALEF "z", 1);
	check_refs("&#1575&#1585;", ALEF REH, 2);
	check_refs("&#1575;;", ALEF ";", 1);
	check_refs("&#128 euro", EURO " euro", 1);
}

/* ---- presentation forms ---- */

static void
check_forms(const char *in, const char *want, size_t want_count)
{
	struct buf out;
	buf_init(&out);
	size_t k = load_normalise_forms(in, strlen(in), &out);
	assert_non_null(out.data);
	if (strcmp(out.data, want) || k != want_count)
		print_error("forms(\"%s\") = \"%s\" (%zu)\n", in, out.data, k);
	assert_string_equal(out.data, want);
	assert_int_equal(out.len, strlen(want));
	assert_int_equal(k, want_count);
	buf_free(&out);
}

static void
test_forms_paper(void **state)
{
	(void)state;
	/* the paper's example: U+FEAE (reh final) and U+FEAD (reh isolated)
	 * are both U+0631 */
	check_forms("\xef\xba\xae", REH, 1);
	check_forms("\xef\xba\xad", REH, 1);
	check_forms("\xef\xba\xae\xef\xba\xad", REH REH, 2);
}

static void
test_forms_runs(void **state)
{
	(void)state;
	/* سلام written in forms: seen initial FEB3, lam medial FEE0, alef final
	 * FE8E, meem isolated FEE1 */
	check_forms("\xef\xba\xb3\xef\xbb\xa0\xef\xba\x8e\xef\xbb\xa1",
		    SEEN LAM ALEF MEEM, 4);
	/* Uyghur letters: e isolated FBE4 -> U+06D0, ng isolated FBD3 ->
	 * U+06AD, yeh with hamza initial FE8B -> U+0626 */
	check_forms("\xef\xaf\xa4\xef\xaf\x93\xef\xba\x8b", UE NG YEH_HAMZA, 3);
	/* a ligature is one form and several letters: lam-alef FEFB */
	check_forms("\xef\xbb\xbb", LAM ALEF, 1);
	/* the first of the FB50 block: alef wasla -> U+0671 */
	check_forms("\xef\xad\x90", "\xd9\xb1", 1);
	/* two runs with text between and around, left untouched */
	check_forms("<p>\xef\xba\xae \xef\xba\xb3\xef\xbb\xa0x</p>\xef\xba\xad",
		    "<p>" REH " " SEEN LAM "x</p>" REH, 4);
}

static void
test_forms_untouched(void **state)
{
	(void)state;
	/* base letters, other EF-led characters, CJK compatibility forms and
	 * invalid bytes are not presentation forms */
	check_forms(ALEF REH " plain", ALEF REH " plain", 0);
	check_forms(FFFD, FFFD, 0);
	check_forms("\xef\xbb\xbf", "\xef\xbb\xbf", 0);        /* U+FEFF */
	check_forms("\xef\xbc\x8c", "\xef\xbc\x8c", 0);        /* U+FF0C */
	check_forms("\xef\xac\x81", "\xef\xac\x81", 0);        /* U+FB01 fi ligature */
	check_forms("\xef\xba", "\xef\xba", 0);                /* cut short */
	check_forms("\xef\xba\xae\xef\xba", REH "\xef\xba", 1);
	check_forms("", "", 0);
}

/* ---- whole pages ---- */

static struct load_opts
opts(void)
{
	struct load_opts o;
	load_opts_default(&o);
	return o;
}

static void
test_bytes_uyghur_1252(void **state)
{
	(void)state;
	/* A windows-1252 page as the paper met them: the Uyghur text written as
	 * references, some of them presentation forms; Latin-1 bytes too. */
	static const char page[] =
		"<html><head><meta charset=\"windows-1252\">"
		"<title>&#1574;&#1575;&#1585;</title></head>\n"
		"<body><p>&#1574;&#1575;&#1585; &#65198;&#65197; &#x627;&#60;b&#62; "
		"caf\xe9 \x80 &#128;</p></body></html>\n";
	static const char want[] =
		"<html><head><meta charset=\"windows-1252\">"
		"<title>" YEH_HAMZA ALEF REH "</title></head>\n"
		"<body><p>" YEH_HAMZA ALEF REH " " REH REH " " ALEF "&#60;b&#62; "
		"caf\xc3\xa9 " EURO " " EURO "</p></body></html>\n";
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(page, sizeof page - 1, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, want);
	assert_int_equal(r.len, sizeof want - 1);
	assert_int_equal(r.raw_len, sizeof page - 1);
	assert_string_equal(r.charset.name, "windows-1252");
	assert_int_equal(r.charset.source, CHARSET_META);
	assert_string_equal(r.charset.declared, "windows-1252");
	assert_int_equal(r.replacements, 0);
	/* 3 in the title, 3 + 2 + 1 + 1 in the paragraph; &#60; &#62; stay */
	assert_int_equal(r.refs_decoded, 10);
	assert_int_equal(r.forms_normalised, 2);
	load_result_free(&r);
	assert_null(r.text);
}

static void
test_bytes_forms_as_bytes(void **state)
{
	(void)state;
	/* presentation forms that arrive as UTF-8 bytes are normalised too */
	static const char page[] = "<p>\xef\xba\xae\xef\xaf\xa4 " ALEF "</p>";
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(page, sizeof page - 1, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "<p>" REH UE " " ALEF "</p>");
	assert_string_equal(r.charset.name, "utf-8");
	assert_int_equal(r.charset.source, CHARSET_SNIFF);
	assert_int_equal(r.refs_decoded, 0);
	assert_int_equal(r.forms_normalised, 2);
	load_result_free(&r);
}

static void
test_bytes_gbk(void **state)
{
	(void)state;
	static const char page[] =
		"<meta charset=\"gbk\"><p>\xd6\xd0\xce\xc4\xa3\xac\xff</p>";
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(page, sizeof page - 1, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "<meta charset=\"gbk\"><p>\xe4\xb8\xad\xe6\x96\x87"
			    "\xef\xbc\x8c" FFFD "</p>");
	assert_string_equal(r.charset.name, "gb18030");
	assert_int_equal(r.replacements, 1);
	load_result_free(&r);
}

static void
test_bytes_utf16(void **state)
{
	(void)state;
	/* BOM, then <p>中文&#1575;</p> in UTF-16LE: references are decoded after
	 * the conversion, and no NUL survives */
	static const char page[] =
		"\xff\xfe<\0p\0>\0-N\x87" "e&\0#\0001\0005\0007\0005\0;\0<\0/\0p\0>\0";
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(page, sizeof page - 1, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "<p>\xe4\xb8\xad\xe6\x96\x87" ALEF "</p>");
	assert_int_equal(r.len, strlen(r.text));
	assert_string_equal(r.charset.name, "utf-16le");
	assert_int_equal(r.charset.source, CHARSET_BOM);
	assert_int_equal(r.refs_decoded, 1);
	load_result_free(&r);
}

static void
test_bytes_flag(void **state)
{
	(void)state;
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	/* --charset: UTF-8 bytes read as latin-1 on purpose */
	o.charset = "latin1";
	assert_int_equal(load_bytes("caf\xc3\xa9", 5, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "caf\xc3\x83\xc2\xa9");
	assert_int_equal(r.charset.source, CHARSET_FLAG);
	load_result_free(&r);
	o.charset = "bogus";
	assert_int_equal(load_bytes("x", 1, &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "unknown charset 'bogus'");
}

static void
test_bytes_stray_nul(void **state)
{
	(void)state;
	/* one NUL in a long page is tolerated and becomes a space, so it
	 * cannot cut the text short */
	char page[2001];
	memset(page, 'a', sizeof page);
	page[1000] = '\0';
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(page, sizeof page, &o, &r, err, sizeof err), 0);
	assert_int_equal(r.len, 2001);
	assert_int_equal(strlen(r.text), 2001);
	assert_int_equal(r.text[1000], ' ');
	load_result_free(&r);
}

static void
check_refused(const char *bytes, size_t n, size_t max, const char *want)
{
	struct load_opts o = opts();
	if (max)
		o.max_bytes = max;
	struct load_result r;
	char err[256] = "";
	int rc = load_bytes(bytes, n, &o, &r, err, sizeof err);
	if (rc == 0)
		load_result_free(&r);
	assert_int_equal(rc, -1);
	assert_string_equal(err, want);
	assert_null(r.text);
}

static void
test_bytes_refused(void **state)
{
	(void)state;
	check_refused("", 0, 0, "empty file");
	/* a PNG: signature, IHDR chunk, NULs */
	static const char png[] =
		"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0"
		"\x1f\xf3\xff" "a\0\0\0\x04gAMA\0\0\xb1\x8f\x0b\xfc" "a\x05\0\0\0\x09pHYs";
	check_refused(png, sizeof png - 1, 0, "binary file (not HTML text)");
	/* mostly control bytes, no NUL */
	char ctl[200];
	memset(ctl, '\x01', sizeof ctl);
	memcpy(ctl, "<html>", 6);
	check_refused(ctl, sizeof ctl, 0, "binary file (not HTML text)");
	/* over max_bytes, by one byte; exactly max_bytes is fine */
	check_refused("<p>0123456789</p>", 17, 16, "larger than 16 bytes (--max-bytes)");
	struct load_opts o = opts();
	o.max_bytes = 17;
	struct load_result r;
	char err[256];
	assert_int_equal(load_bytes("<p>0123456789</p>", 17, &o, &r, err, sizeof err), 0);
	load_result_free(&r);
}

/* ---- files ---- */

struct tmpdir {
	char path[64];
};

static int
setup_dir(void **state)
{
	struct tmpdir *t = calloc(1, sizeof *t);
	if (!t)
		return -1;
	snprintf(t->path, sizeof t->path, "test-load-XXXXXX");
	if (!mkdtemp(t->path)) {
		free(t);
		return -1;
	}
	*state = t;
	return 0;
}

static const char *const files[] = { "page.html", "empty.html", "big.html", "sub" };

static int
teardown_dir(void **state)
{
	struct tmpdir *t = *state;
	char p[128];
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", t->path, files[i]);
		if (unlink(p) < 0)
			rmdir(p);
	}
	rmdir(t->path);
	free(t);
	return 0;
}

static void
put_file(const struct tmpdir *t, const char *name, const char *data, size_t n)
{
	char p[128];
	snprintf(p, sizeof p, "%s/%s", t->path, name);
	FILE *f = fopen(p, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

static int
try_file(const struct tmpdir *t, const char *name, const struct load_opts *o,
	 struct load_result *r, char *err, size_t errlen)
{
	char p[128];
	snprintf(p, sizeof p, "%s/%s", t->path, name);
	return load_file(p, o, r, err, errlen);
}

static void
test_file_ok(void **state)
{
	struct tmpdir *t = *state;
	static const char page[] = "<meta charset=\"iso-8859-1\"><p>&#65198;caf\xe9</p>";
	put_file(t, "page.html", page, sizeof page - 1);
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(try_file(t, "page.html", &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "<meta charset=\"iso-8859-1\"><p>" REH "caf\xc3\xa9</p>");
	assert_int_equal(r.raw_len, sizeof page - 1);
	assert_string_equal(r.charset.name, "windows-1252");
	assert_int_equal(r.refs_decoded, 1);
	assert_int_equal(r.forms_normalised, 1);
	load_result_free(&r);
}

static void
test_file_stdin(void **state)
{
	struct tmpdir *t = *state;
	put_file(t, "page.html", "<p>&#1575;</p>", 14);
	char p[128];
	snprintf(p, sizeof p, "%s/page.html", t->path);
	int saved = dup(0);
	int fd = open(p, O_RDONLY);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 0);
	close(fd);
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	int rc = load_file("-", &o, &r, err, sizeof err);
	dup2(saved, 0);
	close(saved);
	assert_int_equal(rc, 0);
	assert_string_equal(r.text, "<p>" ALEF "</p>");
	load_result_free(&r);
}

static void
test_file_refused(void **state)
{
	struct tmpdir *t = *state;
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";

	assert_int_equal(try_file(t, "missing.html", &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "no such file");
	assert_null(r.text);

	char p[128];
	snprintf(p, sizeof p, "%s/sub", t->path);
	assert_int_equal(mkdir(p, 0755), 0);
	assert_int_equal(try_file(t, "sub", &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "is a directory");

	put_file(t, "empty.html", "", 0);
	assert_int_equal(try_file(t, "empty.html", &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "empty file");

	put_file(t, "big.html", "<p>0123456789</p>", 17);
	o.max_bytes = 10;
	assert_int_equal(try_file(t, "big.html", &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "larger than 10 bytes (--max-bytes)");

	/* under a regular file */
	o = opts();
	assert_int_equal(try_file(t, "big.html/x.html", &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "Not a directory");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refs_decimal_hex),
		cmocka_unit_test(test_refs_markup_stays),
		cmocka_unit_test(test_refs_c1),
		cmocka_unit_test(test_refs_invalid),
		cmocka_unit_test(test_refs_no_semicolon),
		cmocka_unit_test(test_forms_paper),
		cmocka_unit_test(test_forms_runs),
		cmocka_unit_test(test_forms_untouched),
		cmocka_unit_test(test_bytes_uyghur_1252),
		cmocka_unit_test(test_bytes_forms_as_bytes),
		cmocka_unit_test(test_bytes_gbk),
		cmocka_unit_test(test_bytes_utf16),
		cmocka_unit_test(test_bytes_flag),
		cmocka_unit_test(test_bytes_stray_nul),
		cmocka_unit_test(test_bytes_refused),
		cmocka_unit_test_setup_teardown(test_file_ok, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_file_stdin, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_file_refused, setup_dir, teardown_dir),
	};
	return cmocka_run_group_tests_name("load", tests, NULL, NULL);
}
