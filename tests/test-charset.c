/* test-charset.c - label aliases, the <meta> prescan, detection in the
 * order BOM, --charset, UTF-16 pattern, HTTP, meta, UTF-8, detector,
 * default, labels the bytes overrule, and conversion to UTF-8 with
 * replacement (charset.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
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
	assert_string_equal(charset_source_name(CHARSET_OPTION), "option");
	assert_string_equal(charset_source_name(CHARSET_HTTP), "http");
	assert_string_equal(charset_source_name(CHARSET_META), "meta");
	assert_string_equal(charset_source_name(CHARSET_UTF8), "utf-8");
	assert_string_equal(charset_source_name(CHARSET_DETECTED), "detected");
	assert_string_equal(charset_source_name(CHARSET_DEFAULT), "default");
	/* what the status line shows: a weak detection asks to be checked */
	struct charset_guess g = { .name = "gb18030", .source = CHARSET_DETECTED };
	assert_string_equal(charset_how(&g), "detected");
	g.low_confidence = true;
	assert_string_equal(charset_how(&g), "detected?");
	g = (struct charset_guess){ .name = "utf-8", .source = CHARSET_META };
	assert_string_equal(charset_how(&g), "meta");
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
	/* WHATWG: content counts only beside http-equiv="content-type", and
	 * a value attribute is no content attribute */
	check_prescan("<meta content=\"text/html; charset=gbk\">", NULL);
	check_prescan("<meta http-equiv=\"refresh\" content=\"0; charset=gbk\">", NULL);
	check_prescan("<meta http-equiv=\"Content-Type\" "
		      "value=\"text/html; charset=EUC-JP\"><p>x</p>", NULL);
	check_prescan("<meta http-equiv=\"Content-Type\" value=\"charset=EUC-JP\">"
		      "<meta charset=\"utf-8\">", "utf-8");
	/* a commented-out meta declares nothing; the one after it does */
	check_prescan("<!-- <meta charset=\"big5\"> --><meta charset=\"gbk\">", "gbk");
	check_prescan("<!-- <meta charset=\"big5\">", NULL);
	/* <metadata> is not <meta> */
	check_prescan("<metadata charset=\"big5\">", NULL);
	/* an attribute whose value only mentions charset= */
	check_prescan("<meta name=\"x\" content=\"charset=big5\" charset=\"koi8-r\">",
		      "koi8-r");
	check_prescan("<meta charset=>", NULL);
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
	/* UTF-32's marks: FF FE 00 00 is no UTF-16LE mark followed by U+0000 */
	g = DETECT("\xff\xfe\0\0<\0\0\0p\0\0\0>\0\0\0", NULL, NULL);
	assert_string_equal(g.name, "utf-32le");
	assert_int_equal(g.source, CHARSET_BOM);
	assert_int_equal(g.bom_len, 4);
	g = DETECT("\0\0\xfe\xff\0\0\0<\0\0\0p\0\0\0>", NULL, NULL);
	assert_string_equal(g.name, "utf-32be");
	assert_int_equal(g.bom_len, 4);
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
	assert_int_equal(g.source, CHARSET_OPTION);
	assert_int_equal(g.bom_len, 0);
	assert_string_equal(g.note, "");
	g = DETECT("<p>caf\xc3\xa9</p>", "latin1", NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_OPTION);

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
	assert_int_equal(g.source, CHARSET_UTF8);
	assert_string_equal(g.declared, "x-klingon");
	assert_string_equal(g.note, "unknown label 'x-klingon' ignored");
}

static void
test_detect_utf8(void **state)
{
	(void)state;
	struct charset_guess g;
	/* no label, valid UTF-8 */
	g = DETECT("<p>caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xd8\xa6</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_UTF8);
	assert_false(g.low_confidence);
	assert_string_equal(g.declared, "");
	assert_string_equal(g.note, "");
	/* no label, ASCII only: valid UTF-8 too */
	g = DETECT("<p>plain</p>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_UTF8);
}

/* The same sentences in the legacy encodings (Python's codecs made the
 * bytes from the UTF-8 text in the comments). */
/* 北京市今天发布了新的交通管理办法，市民出行需要注意以下几个方面的变化。 */
#define ZH_GBK \
	"\xb1\xb1\xbe\xa9\xca\xd0\xbd\xf1\xcc\xec\xb7\xa2\xb2\xbc\xc1\xcb" \
	"\xd0\xc2\xb5\xc4\xbd\xbb\xcd\xa8\xb9\xdc\xc0\xed\xb0\xec\xb7\xa8" \
	"\xa3\xac\xca\xd0\xc3\xf1\xb3\xf6\xd0\xd0\xd0\xe8\xd2\xaa\xd7\xa2" \
	"\xd2\xe2\xd2\xd4\xcf\xc2\xbc\xb8\xb8\xf6\xb7\xbd\xc3\xe6\xb5\xc4" \
	"\xb1\xe4\xbb\xaf\xa1\xa3"
/* Правительство Москвы объявило о новых правилах движения транспорта в
 * центре города. */
#define RU_1251 \
	"\xcf\xf0\xe0\xe2\xe8\xf2\xe5\xeb\xfc\xf1\xf2\xe2\xee \xcc\xee" \
	"\xf1\xea\xe2\xfb \xee\xe1\xfa\xff\xe2\xe8\xeb\xee \xee \xed\xee" \
	"\xe2\xfb\xf5 \xef\xf0\xe0\xe2\xe8\xeb\xe0\xf5 \xe4\xe2\xe8\xe6" \
	"\xe5\xed\xe8\xff \xf2\xf0\xe0\xed\xf1\xef\xee\xf0\xf2\xe0 \xe2 " \
	"\xf6\xe5\xed\xf2\xf0\xe5 \xe3\xee\xf0\xee\xe4\xe0."
#define RU_KOI8 \
	"\xf0\xd2\xc1\xd7\xc9\xd4\xc5\xcc\xd8\xd3\xd4\xd7\xcf \xed\xcf" \
	"\xd3\xcb\xd7\xd9 \xcf\xc2\xdf\xd1\xd7\xc9\xcc\xcf \xcf \xce\xcf" \
	"\xd7\xd9\xc8 \xd0\xd2\xc1\xd7\xc9\xcc\xc1\xc8 \xc4\xd7\xc9\xd6" \
	"\xc5\xce\xc9\xd1 \xd4\xd2\xc1\xce\xd3\xd0\xcf\xd2\xd4\xc1 \xd7 " \
	"\xc3\xc5\xce\xd4\xd2\xc5 \xc7\xcf\xd2\xcf\xc4\xc1."
/* 東京都は本日、新しい交通規則を発表しました。市民の皆さんは注意してください。 */
#define JA_SJIS \
	"\x93\x8c\x8b\x9e\x93s\x82\xcd\x96{\x93\xfa\x81" "A\x90V\x82\xb5" \
	"\x82\xa2\x8c\xf0\x92\xca\x8bK\x91\xa5\x82\xf0\x94\xad\x95\x5c" \
	"\x82\xb5\x82\xdc\x82\xb5\x82\xbd\x81" "B\x8es\x96\xaf\x82\xcc" \
	"\x8a" "F\x82\xb3\x82\xf1\x82\xcd\x92\x8d\x88\xd3\x82\xb5\x82\xc4" \
	"\x82\xad\x82\xbe\x82\xb3\x82\xa2\x81" "B"
/* the same in UTF-8 */
#define JA_UTF8 \
	"\xe6\x9d\xb1\xe4\xba\xac\xe9\x83\xbd\xe3\x81\xaf\xe6\x9c\xac\xe6" \
	"\x97\xa5\xe3\x80\x81\xe6\x96\xb0\xe3\x81\x97\xe3\x81\x84\xe4\xba" \
	"\xa4\xe9\x80\x9a\xe8\xa6\x8f\xe5\x89\x87\xe3\x82\x92\xe7\x99\xba" \
	"\xe8\xa1\xa8\xe3\x81\x97\xe3\x81\xbe\xe3\x81\x97\xe3\x81\x9f\xe3" \
	"\x80\x82\xe5\xb8\x82\xe6\xb0\x91\xe3\x81\xae\xe7\x9a\x86\xe3\x81" \
	"\x95\xe3\x82\x93\xe3\x81\xaf\xe6\xb3\xa8\xe6\x84\x8f\xe3\x81\x97" \
	"\xe3\x81\xa6\xe3\x81\x8f\xe3\x81\xa0\xe3\x81\x95\xe3\x81\x84\xe3" \
	"\x80\x82"
/* 台北市政府今天發佈新的交通管理辦法，市民出行需要注意以下幾個方面的變化。 */
#define TW_BIG5 \
	"\xa5x\xa5_\xa5\xab\xac" "F\xa9\xb2\xa4\xb5\xa4\xd1\xb5o\xa7G\xb7" \
	"s\xaa\xba\xa5\xe6\xb3q\xba\xde\xb2z\xbf\xec\xaak\xa1" "A\xa5\xab" \
	"\xa5\xc1\xa5X\xa6\xe6\xbb\xdd\xadn\xaa`\xb7N\xa5H\xa4U\xb4X\xad" \
	"\xd3\xa4\xe8\xad\xb1\xaa\xba\xc5\xdc\xa4\xc6\xa1" "C"
#define PAGE(body) "<html><head><title>x</title></head><body><p>" body "</p></body></html>"

static void
check_detected(const char *bytes, size_t n, const char *want)
{
	struct charset_guess g = detect(bytes, n, NULL, NULL);
	if (strcmp(g.name, want))
		print_error("detected %s, wanted %s\n", g.name, want);
	assert_string_equal(g.name, want);
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_false(g.low_confidence);
	assert_string_equal(g.declared, "");
	assert_string_equal(g.note, "");
}

#define CHECK_DETECTED(s, want) check_detected(s, sizeof(s) - 1, want)

static void
test_detect_detector(void **state)
{
	(void)state;
	/* no label, not UTF-8: the detector names the charset */
	CHECK_DETECTED(PAGE(ZH_GBK), "gb18030");
	CHECK_DETECTED(ZH_GBK, "gb18030");
	CHECK_DETECTED(PAGE(RU_1251), "windows-1251");
	CHECK_DETECTED(PAGE(RU_KOI8), "koi8-r");
	CHECK_DETECTED(PAGE(JA_SJIS), "shift_jis");
	CHECK_DETECTED(PAGE(TW_BIG5), "big5");
	/* (EUC-KR, which libuchardet calls UHC, is in limits.test: loading
	 * glibc's CP949 module upsets valgrind's memcheck in ld.so) */
	const char *ru = PAGE(RU_1251);
	bool low = true;
	assert_string_equal(charset_guess_bytes(ru, strlen(ru), &low), "windows-1251");
	assert_false(low);

	/* UTF-8 with a stray byte: the detector still says UTF-8, and the
	 * page is not thrown to windows-1252 for one byte */
	struct charset_guess g;
	g = DETECT("<html><body><p>" JA_UTF8 "\xff" JA_UTF8 "</p></body></html>", NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_false(g.low_confidence);
	/* few bytes above 0x7F: an answer, marked weak, and a note that
	 * says --charset can do better */
	g = DETECT("<p>caf\xe9 na\xefve \x93quoted\x94</p>", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_true(g.low_confidence);
	assert_string_equal(charset_how(&g), "detected?");
	assert_non_null(strstr(g.note, "--charset"));
}

static void
test_detect_default(void **state)
{
	(void)state;
	struct charset_guess g;
	/* bytes the detector makes nothing of (C1 bytes alone): windows-1252 */
	g = DETECT("\x80\x81\x82\x83\x84", NULL, NULL);
	assert_string_equal(g.name, "windows-1252");
	assert_int_equal(g.source, CHARSET_DEFAULT);
	assert_false(g.low_confidence);
	assert_string_equal(charset_how(&g), "default");
	bool low = true;
	assert_null(charset_guess_bytes("\x80\x81\x82\x83\x84", 5, &low));
	assert_false(low);
}

static void
test_detect_cost(void **state)
{
	(void)state;
	struct charset_guess g;
	/* a declared page is believed as it is, though the detector would
	 * say otherwise: the detector is not run */
	g = DETECT("<meta charset=\"koi8-r\">" PAGE(RU_1251), NULL, NULL);
	assert_string_equal(g.name, "koi8-r");
	assert_int_equal(g.source, CHARSET_META);
	assert_string_equal(g.note, "");
	g = DETECT(PAGE(RU_1251), NULL, "text/html; charset=KOI8-R");
	assert_string_equal(g.name, "koi8-r");
	assert_int_equal(g.source, CHARSET_HTTP);
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
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_string_equal(g.declared, "utf-8");
	assert_non_null(strstr(g.note, "declared utf-8"));
	assert_non_null(strstr(g.note, "6 invalid UTF-8 sequences"));
	/* declared UTF-8, but the bytes are GBK: the detector's charset,
	 * and the note says so */
	g = DETECT("<meta charset=\"utf-8\">" PAGE(ZH_GBK), NULL, NULL);
	assert_string_equal(g.name, "gb18030");
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_false(g.low_confidence);
	assert_string_equal(g.declared, "utf-8");
	assert_non_null(strstr(g.note, "declared utf-8 but "));
	assert_non_null(strstr(g.note, "read as gb18030 (detected)"));
	/* the same lie told by the HTTP header */
	g = DETECT(PAGE(ZH_GBK), NULL, "text/html; charset=UTF-8");
	assert_string_equal(g.name, "gb18030");
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_string_equal(g.declared, "UTF-8");
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
	assert_int_equal(g.source, CHARSET_UTF8);
	assert_string_equal(g.declared, "iso-8859-1");
	assert_string_equal(g.note, "declared iso-8859-1 but the bytes are valid "
			    "UTF-8: read as UTF-8");
	/* declared Shift_JIS, but the bytes are UTF-8 Japanese */
	g = DETECT("<meta charset=\"shift_jis\">" PAGE(JA_UTF8), NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	assert_int_equal(g.source, CHARSET_UTF8);
	assert_string_equal(g.note, "declared shift_jis but the bytes are valid "
			    "UTF-8: read as UTF-8");
	/* ... but one pair that happens to be valid UTF-8 (C3 B1, two
	 * half-width katakana in Shift_JIS) is no contradiction */
	g = DETECT("<meta charset=\"shift_jis\"><p>\xc3\xb1</p>", NULL, NULL);
	assert_string_equal(g.name, "shift_jis");
	assert_int_equal(g.source, CHARSET_META);
	assert_string_equal(g.note, "");
	/* real Shift_JIS under its label stays */
	g = DETECT("<meta charset=\"shift_jis\">" PAGE(JA_SJIS), NULL, NULL);
	assert_string_equal(g.name, "shift_jis");
	assert_int_equal(g.source, CHARSET_META);
}

/* UTF-16 of a UTF-8 string (BMP only), by hand: n bytes to out. */
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
check_utf16(const char *utf8, const char *want)
{
	char b[4096];
	bool le = !strcmp(want, "utf-16le");
	struct charset_guess g = detect(b, utf16(utf8, le, b), NULL, NULL);
	assert_string_equal(g.name, want);
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_int_equal(g.bom_len, 0);
	assert_false(g.low_confidence);
}

static void
test_detect_utf16_nobom(void **state)
{
	(void)state;
	/* <html><body><p>中文</p></body></html>, 64 bytes */
	static const char le[] =
		"<\0h\0t\0m\0l\0>\0<\0b\0o\0d\0y\0>\0<\0p\0>\0-N\x87" "e<\0/\0p\0>\0"
		"<\0/\0b\0o\0d\0y\0>\0<\0/\0h\0t\0m\0l\0>\0";
	struct charset_guess g = detect(le, sizeof le - 1, NULL, NULL);
	assert_string_equal(g.name, "utf-16le");
	assert_int_equal(g.source, CHARSET_DETECTED);
	assert_int_equal(g.bom_len, 0);
	static const char be[] =
		"\0<\0h\0t\0m\0l\0>\0<\0b\0o\0d\0y\0>\0<\0p\0>N-e\x87\0<\0/\0p\0>"
		"\0<\0/\0b\0o\0d\0y\0>\0<\0/\0h\0t\0m\0l\0>";
	g = detect(be, sizeof be - 1, NULL, NULL);
	assert_string_equal(g.name, "utf-16be");
	assert_int_equal(g.source, CHARSET_DETECTED);

	/* Russian and Chinese text, where the text itself has no NUL */
	static const char ru[] = "<p>Правительство Москвы объявило о новых правилах "
		"движения транспорта в центре города. Жители города обсуждают "
		"изменения, которые вступят в силу в следующем месяце.</p>";
	static const char zh[] = "<div>北京市今天发布了新的交通管理办法，市民出行需要注意"
		"以下几个方面的变化。交通部门表示，新的办法将在下个月正式实施。</div>";
	check_utf16(ru, "utf-16le");
	check_utf16(ru, "utf-16be");
	check_utf16(zh, "utf-16le");
	check_utf16(zh, "utf-16be");
	check_utf16("<html><head><title>Latin</title></head><body><p>Gr\xc3\xbc\xc3\x9f"
		    "e aus K\xc3\xb6ln</p></body></html>", "utf-16le");
	/* the markup decides even after the BOM-less page's own label */
	check_utf16("<meta charset=\"utf-8\"><p>\xd0\x9c\xd0\xb8\xd1\x80</p>", "utf-16be");

	/* not UTF-16: a few stray NULs in an ASCII page, NULs at random,
	 * and a PNG's header */
	g = DETECT("<p>para\0graph</p><p>running text\0\0\0</p><p>and more text</p>",
		   NULL, NULL);
	assert_string_equal(g.name, "utf-8");
	static const char png[] =
		"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0"
		"\x1f\xf3\xff" "a\0\0\0\x04gAMA\0\0\xb1\x8f\x0b\xfc" "a\x05\0\0\0\x09pHYs";
	g = DETECT(png, NULL, NULL);
	assert_string_not_equal(g.name, "utf-16le");
	assert_string_not_equal(g.name, "utf-16be");
	/* UTF-16 markup with control code units between (binary data that
	 * happens to hold <\0 >\0) */
	g = DETECT("<\0p\0>\0\x01\0\x02\0\x03\0\x04\0\x05\0\x06\0<\0/\0p\0>\0a\0b\0c\0d\0e\0",
		   NULL, NULL);
	assert_string_not_equal(g.name, "utf-16le");
}

/* UTF-32 without a BOM: the markup's characters every fourth byte, in
 * either order, is neither UTF-16 nor binary. */
static void
test_detect_utf32_nobom(void **state)
{
	(void)state;
	static const char ascii[] = "<html><body><p>caf\xc3\xa9 \xd0\x9c\xd0\xb8\xd1\x80</p></body></html>";
	char le[512], be[512];
	size_t k = 0;
	const unsigned char *u = (const unsigned char *)ascii;
	for (size_t i = 0; i < sizeof ascii - 1;) {
		uint32_t cp;
		i += utf8_decode(u + i, sizeof ascii - 1 - i, &cp);
		for (int b = 0; b < 4; b++) {
			le[k + (size_t)b] = (char)(cp >> (8 * b));
			be[k + (size_t)b] = (char)(cp >> (8 * (3 - b)));
		}
		k += 4;
	}
	struct charset_guess g = detect(le, k, NULL, NULL);
	assert_string_equal(g.name, "utf-32le");
	assert_int_equal(g.source, CHARSET_DETECTED);
	g = detect(be, k, NULL, NULL);
	assert_string_equal(g.name, "utf-32be");
	/* and it converts: the text, not the markup spelt out */
	struct buf out;
	buf_init(&out);
	size_t repl = 0;
	assert_int_equal(charset_convert(le, k, "utf-32le", &out, &repl), 0);
	assert_int_equal(out.len, sizeof ascii - 1);
	assert_memory_equal(out.data, ascii, out.len);
	buf_free(&out);
	/* --charset takes the names too */
	assert_string_equal(charset_canonical("UTF-32"), "utf-32le");
	assert_string_equal(charset_canonical("utf-32be"), "utf-32be");
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
		cmocka_unit_test(test_detect_utf8),
		cmocka_unit_test(test_detect_detector),
		cmocka_unit_test(test_detect_default),
		cmocka_unit_test(test_detect_cost),
		cmocka_unit_test(test_detect_contradicted),
		cmocka_unit_test(test_detect_utf16_nobom),
		cmocka_unit_test(test_detect_utf32_nobom),
		cmocka_unit_test(test_convert_gbk),
		cmocka_unit_test(test_convert_1252),
		cmocka_unit_test(test_convert_invalid),
		cmocka_unit_test(test_convert_utf16),
		cmocka_unit_test(test_convert_unknown),
	};
	return cmocka_run_group_tests_name("charset", tests, NULL, NULL);
}
