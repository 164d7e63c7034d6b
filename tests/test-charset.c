/* test-charset.c - label aliases, the <meta> prescan, detection in the
 * order BOM, --charset, HTTP, meta, sniff, and conversion to UTF-8 with
 * replacement (charset.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "charset.h"

/* ---- labels ---- */

static void
check_canon(const char *label, const char *want)
{
	const char *got = charset_canonical(label);
	if (!want) {
		if (got)
			print_error("'%s' -> '%s', wanted NULL\n", label, got);
		assert_null(got);
		return;
	}
	if (!got)
		print_error("'%s' -> NULL, wanted '%s'\n", label, want);
	assert_non_null(got);
	assert_string_equal(got, want);
}

static void
test_canonical(void **state)
{
	(void)state;
	check_canon("utf-8", "utf-8");
	check_canon("UTF8", "utf-8");
	check_canon("unicode-1-1-utf-8", "utf-8");
	/* GB2312 and GBK pages are read as their superset GB18030 */
	check_canon("gb2312", "gb18030");
	check_canon("GB2312", "gb18030");
	check_canon("gbk", "gb18030");
	check_canon("x-gbk", "gb18030");
	check_canon("GB18030", "gb18030");
	/* latin-1 and ASCII labels mean windows-1252 on the web */
	check_canon("latin1", "windows-1252");
	check_canon("iso-8859-1", "windows-1252");
	check_canon("ISO_8859-1", "windows-1252");
	check_canon("ascii", "windows-1252");
	check_canon("us-ascii", "windows-1252");
	check_canon("windows-1252", "windows-1252");
	check_canon("cp1252", "windows-1252");
	check_canon("x-sjis", "shift_jis");
	check_canon("Shift_JIS", "shift_jis");
	check_canon("big5", "big5");
	check_canon("euc-kr", "euc-kr");
	check_canon("ks_c_5601-1987", "euc-kr");
	check_canon("windows-1256", "windows-1256");
	check_canon("iso-8859-9", "windows-1254");
	check_canon("koi8-r", "koi8-r");
	check_canon("utf-16", "utf-16le");
	check_canon("UTF-16BE", "utf-16be");
	/* case and surrounding spaces do not matter */
	check_canon("  Utf-8 ", "utf-8");
	check_canon("\tLATIN1\n", "windows-1252");
	check_canon(" GbK", "gb18030");
	/* unknown labels */
	check_canon("bogus", NULL);
	check_canon("", NULL);
	check_canon("   ", NULL);
	check_canon("utf-9", NULL);
	check_canon("utf 8", NULL);      /* inner spaces are not trimmed */
	check_canon("latin1latin1latin1latin1latin1latin1latin1latin1latin1", NULL);
}

static void
test_iconv_names(void **state)
{
	(void)state;
	assert_string_equal(charset_iconv_name("windows-1252"), "WINDOWS-1252");
	assert_string_equal(charset_iconv_name("gb18030"), "GB18030");
	assert_string_equal(charset_iconv_name("shift_jis"), "CP932");
	assert_string_equal(charset_iconv_name("utf-16le"), "UTF-16LE");
	/* names iconv knows as they are pass through */
	assert_string_equal(charset_iconv_name("iso-8859-2"), "iso-8859-2");
	assert_string_equal(charset_source_name(CHARSET_BOM), "bom");
	assert_string_equal(charset_source_name(CHARSET_FLAG), "flag");
	assert_string_equal(charset_source_name(CHARSET_HTTP), "http");
	assert_string_equal(charset_source_name(CHARSET_META), "meta");
	assert_string_equal(charset_source_name(CHARSET_SNIFF), "sniff");
	assert_string_equal(charset_source_name(CHARSET_FALLBACK), "fallback");
}

/* ---- prescan ---- */

static void
check_prescan(const char *page, const char *want)
{
	char out[40];
	memset(out, 'x', sizeof out);
	int rc = charset_prescan(page, strlen(page), out, sizeof out);
	if (!want) {
		if (rc == 0)
			print_error("found '%s' in %s\n", out, page);
		assert_int_equal(rc, -1);
		return;
	}
	if (rc != 0)
		print_error("nothing found in %s\n", page);
	assert_int_equal(rc, 0);
	assert_string_equal(out, want);
}

static void
test_prescan(void **state)
{
	(void)state;
	check_prescan("<html><head><meta charset=\"gbk\"><title>x</title>", "gbk");
	check_prescan("<meta charset=utf-8>", "utf-8");
	check_prescan("<meta charset=utf-8/>", "utf-8");
	check_prescan("<META CHARSET='Shift_JIS'>", "Shift_JIS");
	check_prescan("<meta charset = \"windows-1252\" >", "windows-1252");
	check_prescan("<meta http-equiv=\"Content-Type\" "
		      "content=\"text/html; charset=iso-8859-1\">", "iso-8859-1");
	check_prescan("<meta content=\"text/html;charset=GB2312\" "
		      "http-equiv=\"content-type\">", "GB2312");
	check_prescan("<meta http-equiv='Content-Type' "
		      "content='text/html; charset=\"big5\"'>", "big5");
	check_prescan("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n"
		      "<html><body>x</body></html>", "windows-1252");
	check_prescan("<?xml version='1.0' encoding='UTF-8'?><html/>", "UTF-8");
	/* the first label wins */
	check_prescan("<meta charset=\"koi8-r\"><meta charset=\"utf-8\">", "koi8-r");
	/* a meta that names no charset is passed over */
	check_prescan("<meta name=\"description\" content=\"a charset of one\">"
		      "<meta charset=\"euc-kr\">", "euc-kr");
	check_prescan("<meta name=\"charset\" content=\"x\">", NULL);
	check_prescan("<html><head><title>no label</title></head></html>", NULL);
	check_prescan("", NULL);
	check_prescan("<p>charset=utf-8</p>", NULL);   /* not in a meta */
}

static void
test_prescan_window(void **state)
{
	(void)state;
	/* a label that starts inside the first 4096 bytes is found ... */
	char page[8192];
	const char *meta = "<meta charset=\"gbk\">";
	size_t ml = strlen(meta);
	memset(page, ' ', sizeof page);
	memcpy(page + 4096 - ml, meta, ml);
	char out[40];
	assert_int_equal(charset_prescan(page, sizeof page, out, sizeof out), 0);
	assert_string_equal(out, "gbk");
	/* ... one that lies beyond them is not */
	memset(page, ' ', sizeof page);
	memcpy(page + 4096, meta, ml);
	assert_int_equal(charset_prescan(page, sizeof page, out, sizeof out), -1);
	/* a long label is cut to the buffer, not overrun */
	const char *lng = "<meta charset=\"abcdefghijklmnopqrstuvwxyz\">";
	char small[8];
	assert_int_equal(charset_prescan(lng, strlen(lng), small, sizeof small), 0);
	assert_string_equal(small, "abcdefg");
}

/* ---- detection ---- */

static struct charset_guess
detect(const char *bytes, size_t n, const char *flag, const char *http)
{
	struct charset_guess g;
	char err[128] = "";
	int rc = charset_detect(bytes, n, flag, http, &g, err, sizeof err);
	if (rc != 0)
		print_error("charset_detect: %s\n", err);
	assert_int_equal(rc, 0);
	assert_non_null(g.name);
	return g;
}

#define DETECT(s, flag, http) detect(s, sizeof(s) - 1, flag, http)

static void
test_detect_bom(void **state)
{
	(void)state;
	struct charset_guess g;
	g = DETECT("\xef\xbb\xbf<p>caf\xc3\xa9</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_BOM);
	assert_int_equal(g.bom_len, 3);
	g = DETECT("\xff\xfe<\0p\0>\0", NULL, NULL);
	assert_string_equal(g.name, "utf-16le");
	assert_int_equal(g.source, CHARSET_BOM);
	assert_int_equal(g.bom_len, 2);
	g = DETECT("\xfe\xff\0<\0p\0>", NULL, NULL);
	assert_string_equal(g.name, "utf-16be");
	assert_int_equal(g.source, CHARSET_BOM);
	assert_int_equal(g.bom_len, 2);
	/* the BOM outranks the flag and the page's label */
	g = DETECT("\xef\xbb\xbf<meta charset=\"gbk\">", "latin1", "text/html; charset=big5");
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_BOM);
	/* a BOM cut short is no BOM */
	g = DETECT("\xef\xbb", NULL, NULL);
	assert_int_equal(g.bom_len, 0);
	assert_int_not_equal(g.source, CHARSET_BOM);
}

static void
test_detect_flag(void **state)
{
	(void)state;
	struct charset_guess g;
	/* --charset outranks meta and HTTP, and is believed whatever the bytes */
	g = DETECT("<meta charset=\"utf-8\"><p>\xd6\xd0\xce\xc4</p>", "GBK",
		   "text/html; charset=utf-8");
	assert_string_equal(g.name, "gb18030");
	assert_int_equal(g.source, CHARSET_FLAG);
	assert_int_equal(g.bom_len, 0);
	assert_string_equal(g.note, "");
	g = DETECT("<p>caf\xc3\xa9</p>", "latin1", NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_FLAG);

	/* an unknown flag is an error */
	struct charset_guess h;
	char err[128] = "";
	assert_int_equal(charset_detect("<p>x</p>", 8, "bogus", NULL, &h, err,
					sizeof err), -1);
	assert_string_equal(err, "unknown charset 'bogus'");
}

static void
test_detect_http(void **state)
{
	(void)state;
	struct charset_guess g;
	/* the transport outranks the page's own label */
	g = DETECT("<meta charset=\"utf-8\"><p>\xd6\xd0\xce\xc4</p>", NULL,
		   "text/html; charset=gb2312");
	assert_string_equal(g.name, "gb18030");
	assert_int_equal(g.source, CHARSET_HTTP);
	assert_string_equal(g.declared, "gb2312");
	/* a Content-Type without a charset leaves it to the page */
	g = DETECT("<meta charset=\"gbk\"><p>\xd6\xd0\xce\xc4</p>", NULL, "text/html");
	assert_string_equal(g.name, "gb18030");
	assert_int_equal(g.source, CHARSET_META);
}

static void
test_detect_meta(void **state)
{
	(void)state;
	struct charset_guess g;
	/* GBK bytes of 中文 under a gbk label */
	g = DETECT("<html><head><meta charset=\"gbk\"></head>"
		   "<body><p>\xd6\xd0\xce\xc4</p></body></html>", NULL, NULL);
	assert_string_equal(g.name, "gb18030");
	assert_int_equal(g.source, CHARSET_META);
	assert_string_equal(g.declared, "gbk");
	assert_string_equal(g.note, "");
	/* windows-1252 bytes under a latin-1 label: believed */
	g = DETECT("<meta http-equiv=\"Content-Type\" content=\"text/html; "
		   "charset=iso-8859-1\"><p>caf\xe9 \x93quoted\x94</p>", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_META);
	assert_string_equal(g.declared, "iso-8859-1");
	assert_string_equal(g.note, "");
	/* pure ASCII under a latin-1 label stays windows-1252 */
	g = DETECT("<meta charset=\"latin1\"><p>plain</p>", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_META);
	/* a page cannot declare itself UTF-16 in ASCII bytes: read as UTF-8 */
	g = DETECT("<meta charset=\"utf-16\"><p>caf\xc3\xa9</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_META);
	/* an unknown label is noted and the bytes decide */
	g = DETECT("<meta charset=\"x-klingon\"><p>caf\xc3\xa9</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_SNIFF);
	assert_string_equal(g.declared, "x-klingon");
	assert_string_equal(g.note, "unknown label 'x-klingon' ignored");
}

static void
test_detect_sniff(void **state)
{
	(void)state;
	struct charset_guess g;
	/* no label, valid UTF-8 */
	g = DETECT("<p>caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xd8\xa6</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_SNIFF);
	assert_string_equal(g.declared, "");
	assert_string_equal(g.note, "");
	/* no label, ASCII only: valid UTF-8 too */
	g = DETECT("<p>plain</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_SNIFF);
	/* no label, invalid UTF-8: the windows-1252 fallback */
	g = DETECT("<p>caf\xe9 na\xefve \x93quoted\x94</p>", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_FALLBACK);
	/* a single bad byte among valid UTF-8 is enough for the fallback */
	g = DETECT("<p>caf\xc3\xa9 caf\xe9</p>", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_FALLBACK);
}

static void
test_detect_contradicted(void **state)
{
	(void)state;
	struct charset_guess g;
	/* declared UTF-8, but the bytes are windows-1252: overruled */
	g = DETECT("<meta charset=\"utf-8\"><p>caf\xe9, na\xefve, \xe0 la "
		   "cr\xe8me br\xfbl\xe9" "e</p>", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_SNIFF);
	assert_string_equal(g.declared, "utf-8");
	assert_non_null(strstr(g.note, "declared utf-8"));
	assert_non_null(strstr(g.note, "6 invalid UTF-8 sequences"));
	/* declared UTF-8 with one bad byte among mostly good ones: kept,
	 * noted */
	g = DETECT("<meta charset=\"UTF-8\"><p>caf\xc3\xa9 \xe4\xb8\xad \xff</p>",
		   NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_META);
	assert_non_null(strstr(g.note, "1 invalid sequences"));
	/* declared latin-1, but the bytes are valid multi-byte UTF-8 */
	g = DETECT("<meta http-equiv=\"Content-Type\" content=\"text/html; "
		   "charset=iso-8859-1\"><p>caf\xc3\xa9 \xe2\x80\x9cok\xe2\x80\x9d</p>",
		   NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_SNIFF);
	assert_string_equal(g.declared, "iso-8859-1");
	assert_non_null(strstr(g.note, "declared iso-8859-1"));
	assert_non_null(strstr(g.note, "valid UTF-8"));
}

static void
test_detect_utf16_nobom(void **state)
{
	(void)state;
	struct charset_guess g;
	/* <html><body><p>中文</p></body></html>, 64 bytes */
	static const char le[] =
		"<\0h\0t\0m\0l\0>\0<\0b\0o\0d\0y\0>\0<\0p\0>\0-N\x87" "e<\0/\0p\0>\0"
		"<\0/\0b\0o\0d\0y\0>\0<\0/\0h\0t\0m\0l\0>\0";
	g = detect(le, sizeof le - 1, NULL, NULL);
	assert_string_equal(g.name, "utf-16le");
	assert_int_equal(g.source, CHARSET_SNIFF);
	assert_int_equal(g.bom_len, 0);
	static const char be[] =
		"\0<\0h\0t\0m\0l\0>\0<\0b\0o\0d\0y\0>\0<\0p\0>N-e\x87\0<\0/\0p\0>"
		"\0<\0/\0b\0o\0d\0y\0>\0<\0/\0h\0t\0m\0l\0>";
	g = detect(be, sizeof be - 1, NULL, NULL);
	assert_string_equal(g.name, "utf-16be");
	assert_int_equal(g.source, CHARSET_SNIFF);
}

/* ---- conversion ---- */

static void
check_convert(const char *in, size_t n, const char *charset, const char *want,
	      size_t want_len, size_t want_repl)
{
	struct buf out;
	buf_init(&out);
	size_t repl = 99;
	assert_int_equal(charset_convert(in, n, charset, &out, &repl), 0);
	assert_non_null(out.data);
	if (out.len != want_len || memcmp(out.data, want, want_len))
		print_error("%s: got \"%s\" (%zu bytes)\n", charset, out.data, out.len);
	assert_int_equal(out.len, want_len);
	assert_memory_equal(out.data, want, want_len);
	assert_int_equal(out.data[out.len], '\0');
	assert_int_equal(repl, want_repl);
	buf_free(&out);
}

#define CONVERT(in, cs, want, repl) \
	check_convert(in, sizeof(in) - 1, cs, want, sizeof(want) - 1, repl)

static void
test_convert_gbk(void **state)
{
	(void)state;
	/* 中文 in GBK is D6 D0 CE C4; in UTF-8 E4 B8 AD E6 96 87 */
	CONVERT("\xd6\xd0\xce\xc4", "gb18030", "\xe4\xb8\xad\xe6\x96\x87", 0);
	CONVERT("<p>\xd6\xd0\xce\xc4</p>", "gb18030",
		"<p>\xe4\xb8\xad\xe6\x96\x87</p>", 0);
	/* 新闻 (news): D0 C2 CE C5 -> E6 96 B0 E9 97 BB */
	CONVERT("\xd0\xc2\xce\xc5", "gb18030", "\xe6\x96\xb0\xe9\x97\xbb", 0);
	/* a full-width comma A3 AC -> U+FF0C */
	CONVERT("\xa3\xac", "gb18030", "\xef\xbc\x8c", 0);
}

static void
test_convert_1252(void **state)
{
	(void)state;
	CONVERT("\x80", "windows-1252", "\xe2\x82\xac", 0);            /* € */
	CONVERT("caf\xe9", "windows-1252", "caf\xc3\xa9", 0);
	CONVERT("\x93q\x94 \x96 \x85", "windows-1252",
		"\xe2\x80\x9cq\xe2\x80\x9d \xe2\x80\x93 \xe2\x80\xa6", 0);
	CONVERT("\x9f\xff", "windows-1252", "\xc5\xb8\xc3\xbf", 0);    /* Ÿ ÿ */
	/* the five bytes windows-1252 leaves undefined map to C1 controls
	 * (WHATWG), not to replacements */
	CONVERT("a\x81" "b\x8d\x8f\x90\x9d", "windows-1252",
		"a\xc2\x81" "b\xc2\x8d\xc2\x8f\xc2\x90\xc2\x9d", 0);
	CONVERT("", "windows-1252", "", 0);
}

static void
test_convert_invalid(void **state)
{
	(void)state;
	/* invalid UTF-8: each bad byte one U+FFFD, counted, never stopping */
	CONVERT("a\xff" "b\xc3(c\x80" "d", "utf-8",
		"a\xef\xbf\xbd" "b\xef\xbf\xbd(c\xef\xbf\xbd" "d", 3);
	CONVERT("\xfe\xfe\xfe", "utf-8",
		"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 3);
	CONVERT("ok \xe4\xb8\xad", "utf-8", "ok \xe4\xb8\xad", 0);
	/* surrogates and overlongs are invalid too */
	CONVERT("\xed\xa0\x80", "utf-8", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 3);
	CONVERT("\xc0\xaf", "utf-8", "\xef\xbf\xbd\xef\xbf\xbd", 2);
	/* GB18030: bad bytes in the middle and a lead byte cut off at the
	 * end each give one replacement; the rest converts */
	CONVERT("\xff\xff\xd6\xd0\xff\xce\xc4", "gb18030",
		"\xef\xbf\xbd\xef\xbf\xbd\xe4\xb8\xad\xef\xbf\xbd\xe6\x96\x87", 3);
	CONVERT("\xd6\xd0\xce", "gb18030", "\xe4\xb8\xad\xef\xbf\xbd", 1);
	/* Shift_JIS: 日本 is 93 FA 96 7B */
	CONVERT("\x93\xfa\x96\x7b", "shift_jis", "\xe6\x97\xa5\xe6\x9c\xac", 0);

	/* a long input with bad bytes spread through it (several iconv
	 * chunks): every one counted */
	struct buf in, out;
	buf_init(&in);
	buf_init(&out);
	for (int i = 0; i < 50000; i++)
		buf_adds(&in, i % 1000 == 0 ? "\xd6\xd0\xff" : "\xd6\xd0");
	size_t repl = 0;
	assert_int_equal(charset_convert(in.data, in.len, "gb18030", &out, &repl), 0);
	assert_int_equal(repl, 50);
	assert_int_equal(out.len, 50000 * 3 + 50 * 3);
	buf_free(&in);
	buf_free(&out);
}

static void
test_convert_utf16(void **state)
{
	(void)state;
	/* "A中" and a surrogate pair for U+1F600 */
	CONVERT("A\0-N", "utf-16le", "A\xe4\xb8\xad", 0);
	CONVERT("=\xd8\0\xde", "utf-16le", "\xf0\x9f\x98\x80", 0);
	CONVERT("\0A\x4e\x2d", "utf-16be", "A\xe4\xb8\xad", 0);
	/* <p>ئ</p> */
	CONVERT("<\0p\0>\0&\x06<\0/\0p\0>\0", "utf-16le",
		"<p>\xd8\xa6</p>", 0);
	/* an odd trailing byte is one replacement */
	CONVERT("A\0B", "utf-16le", "A\xef\xbf\xbd", 1);
}

static void
test_convert_unknown(void **state)
{
	(void)state;
	struct buf out;
	buf_init(&out);
	size_t repl = 0;
	assert_int_equal(charset_convert("x", 1, "x-no-such-charset", &out, &repl), -1);
	buf_free(&out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canonical),
		cmocka_unit_test(test_iconv_names),
		cmocka_unit_test(test_prescan),
		cmocka_unit_test(test_prescan_window),
		cmocka_unit_test(test_detect_bom),
		cmocka_unit_test(test_detect_flag),
		cmocka_unit_test(test_detect_http),
		cmocka_unit_test(test_detect_meta),
		cmocka_unit_test(test_detect_sniff),
		cmocka_unit_test(test_detect_contradicted),
		cmocka_unit_test(test_detect_utf16_nobom),
		cmocka_unit_test(test_convert_gbk),
		cmocka_unit_test(test_convert_1252),
		cmocka_unit_test(test_convert_invalid),
		cmocka_unit_test(test_convert_utf16),
		cmocka_unit_test(test_convert_unknown),
	};
	return cmocka_run_group_tests_name("charset", tests, NULL, NULL);
}
