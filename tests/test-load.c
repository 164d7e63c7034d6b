/* test-load.c - numeric references, Arabic Presentation Forms, whole pages
 * through load_bytes and load_file (undeclared charsets, UTF-16 without a
 * BOM, gzip), and every refusal (load.h). */
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
#include <zlib.h>

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

/* ---- double-encoded pages ---- */

static void
check_mojibake(const char *in, const char *want, size_t want_count)
{
	struct buf out;
	buf_init(&out);
	size_t k = load_repair_mojibake(in, strlen(in), &out);
	/* nothing appended where nothing is repaired */
	const char *got = k ? out.data : in;
	if (strcmp(got, want) || k != want_count)
		print_error("mojibake(\"%s\") = \"%s\" (%zu)\n", in, got, k);
	assert_string_equal(got, want);
	assert_int_equal(k, want_count);
	if (!k)
		assert_int_equal(out.len, 0);
	buf_free(&out);
}

static void
test_mojibake(void **state)
{
	(void)state;
	/* U+2019 (E2 80 99) read as Latin-1 and encoded again: a-circumflex
	 * and two C1 controls */
	check_mojibake("computer\xc3\xa2\xc2\x80\xc2\x99s memory",
		       "computer\xe2\x80\x99s memory", 1);
	/* ... read as windows-1252: a-circumflex, the euro sign, the trade
	 * mark sign */
	check_mojibake("it\xc3\xa2\xe2\x82\xac\xe2\x84\xa2s", "it\xe2\x80\x99s", 1);
	/* a page that has such a run: its two-byte runs too ("Caf\u00c3\u00a9"),
	 * and a four-byte character (U+1F600) */
	check_mojibake("<p>Caf\xc3\x83\xc2\xa9 don\xc3\xa2\xc2\x80\xc2\x99t "
		       "\xc3\xb0\xc2\x9f\xc2\x98\xc2\x80</p>",
		       "<p>Caf\xc3\xa9 don\xe2\x80\x99t \xf0\x9f\x98\x80</p>", 3);
	/* a page without one is left alone: "\u00c3\u00a9" might be meant,
	 * and "Fu\u00df\u201c" is (German, and D3 93 would be U+07D3) */
	check_mojibake("Caf\xc3\x83\xc2\xa9", "Caf\xc3\x83\xc2\xa9", 0);
	check_mojibake("\xe2\x80\x9e" "Fu\xc3\x9f\xe2\x80\x9c", "\xe2\x80\x9e" "Fu\xc3\x9f\xe2\x80\x9c", 0);
	/* what would spell a C1 control, a run cut short at the end, a lead
	 * byte before ASCII, and plain accented text: no repair */
	check_mojibake("\xc3\x82\xc2\x80 x", "\xc3\x82\xc2\x80 x", 0);
	check_mojibake("x \xc3\xa2\xc2\x80", "x \xc3\xa2\xc2\x80", 0);
	check_mojibake("\xc3\xa2\xc2\x80x", "\xc3\xa2\xc2\x80x", 0);
	check_mojibake("caf\xc3\xa9 na\xc3\xafve \xe2\x80\x99", "caf\xc3\xa9 na\xc3\xafve \xe2\x80\x99", 0);
}

static void
test_bytes_mojibake(void **state)
{
	(void)state;
	/* a page declared UTF-8 whose text was double-encoded: read as the
	 * text it was meant to be, and the repairs counted */
	static const char page[] =
		"<html><head><meta charset=\"utf-8\"></head>"
		"<body><p>What\xc3\xa2\xc2\x80\xc2\x99s new \xc3\xa2\xc2\x80\xc2\x94 "
		"na\xc3\x83\xc2\xafve</p></body></html>\n";
	static const char want[] =
		"<html><head><meta charset=\"utf-8\"></head>"
		"<body><p>What\xe2\x80\x99s new \xe2\x80\x94 na\xc3\xafve</p></body></html>\n";
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(page, sizeof page - 1, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, want);
	assert_int_equal(r.mojibake, 3);
	assert_int_equal(r.replacements, 0);
	load_result_free(&r);
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
	assert_int_equal(r.charset.source, CHARSET_UTF8);
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
	assert_int_equal(r.charset.source, CHARSET_OPTION);
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

/* 北京市今天发布了新的交通管理办法，市民出行需要注意以下几个方面的变化。 in
 * GBK and in UTF-8 */
#define ZH_GBK \
	"\xb1\xb1\xbe\xa9\xca\xd0\xbd\xf1\xcc\xec\xb7\xa2\xb2\xbc\xc1\xcb" \
	"\xd0\xc2\xb5\xc4\xbd\xbb\xcd\xa8\xb9\xdc\xc0\xed\xb0\xec\xb7\xa8" \
	"\xa3\xac\xca\xd0\xc3\xf1\xb3\xf6\xd0\xd0\xd0\xe8\xd2\xaa\xd7\xa2" \
	"\xd2\xe2\xd2\xd4\xcf\xc2\xbc\xb8\xb8\xf6\xb7\xbd\xc3\xe6\xb5\xc4" \
	"\xb1\xe4\xbb\xaf\xa1\xa3"
#define ZH_UTF8 \
	"\xe5\x8c\x97\xe4\xba\xac\xe5\xb8\x82\xe4\xbb\x8a\xe5\xa4\xa9\xe5" \
	"\x8f\x91\xe5\xb8\x83\xe4\xba\x86\xe6\x96\xb0\xe7\x9a\x84\xe4\xba" \
	"\xa4\xe9\x80\x9a\xe7\xae\xa1\xe7\x90\x86\xe5\x8a\x9e\xe6\xb3\x95" \
	"\xef\xbc\x8c\xe5\xb8\x82\xe6\xb0\x91\xe5\x87\xba\xe8\xa1\x8c\xe9" \
	"\x9c\x80\xe8\xa6\x81\xe6\xb3\xa8\xe6\x84\x8f\xe4\xbb\xa5\xe4\xb8" \
	"\x8b\xe5\x87\xa0\xe4\xb8\xaa\xe6\x96\xb9\xe9\x9d\xa2\xe7\x9a\x84" \
	"\xe5\x8f\x98\xe5\x8c\x96\xe3\x80\x82"
/* Правительство Москвы объявило о новых правилах движения транспорта в
 * центре города. in windows-1251 and in UTF-8 */
#define RU_1251 \
	"\xcf\xf0\xe0\xe2\xe8\xf2\xe5\xeb\xfc\xf1\xf2\xe2\xee \xcc\xee" \
	"\xf1\xea\xe2\xfb \xee\xe1\xfa\xff\xe2\xe8\xeb\xee \xee \xed\xee" \
	"\xe2\xfb\xf5 \xef\xf0\xe0\xe2\xe8\xeb\xe0\xf5 \xe4\xe2\xe8\xe6" \
	"\xe5\xed\xe8\xff \xf2\xf0\xe0\xed\xf1\xef\xee\xf0\xf2\xe0 \xe2 " \
	"\xf6\xe5\xed\xf2\xf0\xe5 \xe3\xee\xf0\xee\xe4\xe0."
#define RU_UTF8 \
	"\xd0\x9f\xd1\x80\xd0\xb0\xd0\xb2\xd0\xb8\xd1\x82\xd0\xb5\xd0\xbb" \
	"\xd1\x8c\xd1\x81\xd1\x82\xd0\xb2\xd0\xbe \xd0\x9c\xd0\xbe\xd1" \
	"\x81\xd0\xba\xd0\xb2\xd1\x8b \xd0\xbe\xd0\xb1\xd1\x8a\xd1\x8f" \
	"\xd0\xb2\xd0\xb8\xd0\xbb\xd0\xbe \xd0\xbe \xd0\xbd\xd0\xbe\xd0" \
	"\xb2\xd1\x8b\xd1\x85 \xd0\xbf\xd1\x80\xd0\xb0\xd0\xb2\xd0\xb8" \
	"\xd0\xbb\xd0\xb0\xd1\x85 \xd0\xb4\xd0\xb2\xd0\xb8\xd0\xb6\xd0" \
	"\xb5\xd0\xbd\xd0\xb8\xd1\x8f \xd1\x82\xd1\x80\xd0\xb0\xd0\xbd" \
	"\xd1\x81\xd0\xbf\xd0\xbe\xd1\x80\xd1\x82\xd0\xb0 \xd0\xb2 \xd1" \
	"\x86\xd0\xb5\xd0\xbd\xd1\x82\xd1\x80\xd0\xb5 \xd0\xb3\xd0\xbe" \
	"\xd1\x80\xd0\xbe\xd0\xb4\xd0\xb0."

static void
check_page(const char *bytes, size_t n, const char *want_text,
	   const char *want_charset, enum charset_source want_source)
{
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	int rc = load_bytes(bytes, n, &o, &r, err, sizeof err);
	if (rc)
		print_error("load_bytes: %s\n", err);
	assert_int_equal(rc, 0);
	assert_string_equal(r.text, want_text);
	assert_string_equal(r.charset.name, want_charset);
	assert_int_equal(r.charset.source, want_source);
	assert_int_equal(r.replacements, 0);
	load_result_free(&r);
}

static void
test_bytes_undeclared(void **state)
{
	(void)state;
	/* a GB18030 (GBK) page and a windows-1251 page with no declaration
	 * come out as the text a browser shows */
	static const char zh[] = "<html><body><p>" ZH_GBK "</p></body></html>";
	check_page(zh, sizeof zh - 1, "<html><body><p>" ZH_UTF8 "</p></body></html>",
		   "gb18030", CHARSET_DETECTED);
	static const char ru[] = "<html><body><p>" RU_1251 "</p></body></html>";
	check_page(ru, sizeof ru - 1, "<html><body><p>" RU_UTF8 "</p></body></html>",
		   "windows-1251", CHARSET_DETECTED);
	/* a utf-8 label on GBK bytes is overruled */
	static const char lie[] = "<meta charset=\"utf-8\"><p>" ZH_GBK "</p>";
	check_page(lie, sizeof lie - 1, "<meta charset=\"utf-8\"><p>" ZH_UTF8 "</p>",
		   "gb18030", CHARSET_DETECTED);
}

/* UTF-16 of a UTF-8 string (BMP only), by hand, into out. */
static size_t
utf16(const char *s, bool le, char *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), k = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		i += utf8_decode(u + i, n - i, &cp);
		out[k++] = (char)(le ? cp & 0xFF : cp >> 8);
		out[k++] = (char)(le ? cp >> 8 : cp & 0xFF);
	}
	return k;
}

static void
test_bytes_utf16_nobom(void **state)
{
	(void)state;
	/* Russian and Chinese UTF-16 without a BOM, both byte orders: not
	 * refused as binary, converted exactly */
	static const char *const pages[] = {
		"<html><body><p>" RU_UTF8 "</p></body></html>",
		"<html><body><p>" ZH_UTF8 "</p></body></html>",
	};
	char b[2048];
	for (size_t i = 0; i < 2; i++) {
		check_page(b, utf16(pages[i], true, b), pages[i], "utf-16le", CHARSET_DETECTED);
		check_page(b, utf16(pages[i], false, b), pages[i], "utf-16be", CHARSET_DETECTED);
	}
}

/* gzip data of n bytes, by zlib's deflate with the gzip wrapper. */
static size_t
gzip(const char *in, size_t n, char *out, size_t cap)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8,
				      Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *)(uintptr_t)in;
	z.avail_in = (uInt)n;
	z.next_out = (Bytef *)out;
	z.avail_out = (uInt)cap;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	size_t k = z.total_out;
	deflateEnd(&z);
	return k;
}

static void
test_bytes_gzip(void **state)
{
	(void)state;
	static const char page[] = "<meta charset=\"gbk\"><p>" ZH_GBK "</p>";
	char gz[1024];
	size_t k = gzip(page, sizeof page - 1, gz, sizeof gz);
	assert_true(load_is_gzip(gz, k));
	assert_false(load_is_gzip(page, sizeof page - 1));
	assert_false(load_is_gzip("\x1f", 1));
	struct load_opts o = opts();
	struct load_result r;
	char err[256] = "";
	assert_int_equal(load_bytes(gz, k, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "<meta charset=\"gbk\"><p>" ZH_UTF8 "</p>");
	assert_string_equal(r.charset.name, "gb18030");
	assert_int_equal(r.charset.source, CHARSET_META);
	assert_int_equal(r.raw_len, sizeof page - 1);
	assert_int_equal(r.compressed_len, k);
	load_result_free(&r);

	/* two members one after the other (cat a.gz b.gz) are one page */
	char two[2048];
	size_t k1 = gzip("<p>first half, ", 15, two, sizeof two);
	size_t k2 = gzip("second half</p>", 15, two + k1, sizeof two - k1);
	assert_int_equal(load_bytes(two, k1 + k2, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, "<p>first half, second half</p>");
	load_result_free(&r);

	/* the size limit holds for the page, not for the compressed bytes:
	 * exactly max_bytes is fine, one more is refused */
	char rep[401];
	memset(rep, 'a', 400);
	rep[400] = '\0';
	k = gzip(rep, 400, gz, sizeof gz);
	assert_true(k < 100);
	o.max_bytes = 400;
	assert_int_equal(load_bytes(gz, k, &o, &r, err, sizeof err), 0);
	assert_string_equal(r.text, rep);
	load_result_free(&r);
	o.max_bytes = 399;
	assert_int_equal(load_bytes(gz, k, &o, &r, err, sizeof err), -1);
	assert_string_equal(err, "gzip data expands past 399 bytes (--max-bytes)");
	assert_null(r.text);
}

static void
test_bytes_gzip_refused(void **state)
{
	(void)state;
	/* a gzip bomb: 8 MiB of spaces in about 8 KiB, against a 1 MiB
	 * limit, refused without inflating it all */
	size_t big = 8u << 20;
	char *spaces = malloc(big);
	char *gz = malloc(65536);
	assert_non_null(spaces);
	assert_non_null(gz);
	memset(spaces, ' ', big);
	size_t k = gzip(spaces, big, gz, 65536);
	assert_true(k < 16384);
	free(spaces);
	check_refused(gz, k, 1u << 20, "gzip data expands past 1048576 bytes (--max-bytes)");
	free(gz);

	/* cut short, and corrupt */
	static const char page[] = "<p>a page that will not arrive whole</p>";
	char small[256];
	k = gzip(page, sizeof page - 1, small, sizeof small);
	check_refused(small, k - 10, 0, "truncated gzip data");
	/* the first deflate byte (after the 10-byte header) 07: a final
	 * block of the reserved type 3 */
	small[10] = 0x07;
	check_refused(small, k, 0, "corrupt gzip data (invalid block type)");
	check_refused("\x1f\x8b\x08\0\0\0\0\0\0\x03", 10, 0, "truncated gzip data");
	check_refused("\x1f\x8bxyz", 5, 0, "corrupt gzip data (unknown compression method)");
	/* an empty page, compressed, is an empty page */
	k = gzip("", 0, small, sizeof small);
	check_refused(small, k, 0, "empty file");
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
		cmocka_unit_test(test_mojibake),
		cmocka_unit_test(test_bytes_mojibake),
		cmocka_unit_test(test_bytes_uyghur_1252),
		cmocka_unit_test(test_bytes_forms_as_bytes),
		cmocka_unit_test(test_bytes_gbk),
		cmocka_unit_test(test_bytes_utf16),
		cmocka_unit_test(test_bytes_flag),
		cmocka_unit_test(test_bytes_undeclared),
		cmocka_unit_test(test_bytes_utf16_nobom),
		cmocka_unit_test(test_bytes_gzip),
		cmocka_unit_test(test_bytes_gzip_refused),
		cmocka_unit_test(test_bytes_stray_nul),
		cmocka_unit_test(test_bytes_refused),
		cmocka_unit_test_setup_teardown(test_file_ok, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_file_stdin, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_file_refused, setup_dir, teardown_dir),
	};
	return cmocka_run_group_tests_name("load", tests, NULL, NULL);
}
