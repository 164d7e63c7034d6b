/* test-util.c - UTF-8 decoding and counting, JSON escaping, die() (util.h),
 * the word finders (words.h), atomic file writes (file.h).  Every expected
 * value is worked out by hand. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"
#include "file.h"
#include "words.h"

/* ---- utf8_decode ---- */

/* Decode s (n bytes), expect code point cp and k bytes consumed. */
static void
check_decode(const char *s, size_t n, uint32_t cp, size_t k)
{
	uint32_t got = 0x12345;
	size_t used = utf8_decode((const unsigned char *)s, n, &got);
	assert_int_equal(got, cp);
	assert_int_equal(used, k);
}

static void
test_decode_valid(void **state)
{
	(void)state;
	check_decode("A", 1, 0x41, 1);
	check_decode("\x7f", 1, 0x7F, 1);
	check_decode("\xc2\x80", 2, 0x80, 2);             /* smallest 2-byte */
	check_decode("\xc3\xa9xyz", 5, 0xE9, 2);          /* é, rest ignored */
	check_decode("\xdf\xbf", 2, 0x7FF, 2);
	check_decode("\xe0\xa0\x80", 3, 0x800, 3);        /* smallest 3-byte */
	check_decode("\xe4\xb8\xad", 3, 0x4E2D, 3);       /* 中 */
	check_decode("\xd8\xa7", 2, 0x627, 2);            /* ا */
	check_decode("\xed\x9f\xbf", 3, 0xD7FF, 3);       /* just below the surrogates */
	check_decode("\xee\x80\x80", 3, 0xE000, 3);       /* just above them */
	check_decode("\xef\xbf\xbd", 3, 0xFFFD, 3);       /* U+FFFD itself */
	check_decode("\xef\xba\xae", 3, 0xFEAE, 3);       /* a presentation form */
	check_decode("\xf0\x90\x80\x80", 4, 0x10000, 4);  /* smallest 4-byte */
	check_decode("\xf0\x9f\x98\x80", 4, 0x1F600, 4);
	check_decode("\xf4\x8f\xbf\xbf", 4, 0x10FFFF, 4); /* the last code point */
}

static void
test_decode_overlong(void **state)
{
	(void)state;
	/* Overlong forms are rejected one byte at a time. */
	check_decode("\xc0\x80", 2, 0xFFFD, 1);           /* NUL in two bytes */
	check_decode("\xc1\xbf", 2, 0xFFFD, 1);           /* U+007F in two bytes */
	check_decode("\xe0\x80\x80", 3, 0xFFFD, 1);
	check_decode("\xe0\x9f\xbf", 3, 0xFFFD, 1);       /* U+07FF in three */
	check_decode("\xf0\x80\x80\x80", 4, 0xFFFD, 1);
	check_decode("\xf0\x8f\xbf\xbf", 4, 0xFFFD, 1);   /* U+FFFF in four */
}

static void
test_decode_surrogates(void **state)
{
	(void)state;
	check_decode("\xed\xa0\x80", 3, 0xFFFD, 1);       /* U+D800 */
	check_decode("\xed\xaf\xbf", 3, 0xFFFD, 1);       /* U+DBFF */
	check_decode("\xed\xb0\x80", 3, 0xFFFD, 1);       /* U+DC00 */
	check_decode("\xed\xbf\xbf", 3, 0xFFFD, 1);       /* U+DFFF */
}

static void
test_decode_truncated(void **state)
{
	(void)state;
	check_decode("\xc3", 1, 0xFFFD, 1);
	check_decode("\xe4\xb8", 2, 0xFFFD, 1);
	check_decode("\xf0\x9f\x98", 3, 0xFFFD, 1);
	/* n counts, not the NUL after the bytes */
	check_decode("\xe4\xb8\xad", 2, 0xFFFD, 1);
	/* a lead byte followed by something that is no continuation */
	check_decode("\xe4\x41\x42", 3, 0xFFFD, 1);
	check_decode("\xe4\xb8\x41", 3, 0xFFFD, 1);
	check_decode("\xc3\xc3\xa9", 3, 0xFFFD, 1);
	/* a lone continuation byte */
	check_decode("\x80", 1, 0xFFFD, 1);
	check_decode("\xbf\x41", 2, 0xFFFD, 1);
}

static void
test_decode_too_large(void **state)
{
	(void)state;
	check_decode("\xf4\x90\x80\x80", 4, 0xFFFD, 1);   /* U+110000 */
	check_decode("\xf5\x80\x80\x80", 4, 0xFFFD, 1);   /* lead byte past F4 */
	check_decode("\xf7\xbf\xbf\xbf", 4, 0xFFFD, 1);
	check_decode("\xf8\x88\x80\x80\x80", 5, 0xFFFD, 1); /* old 5-byte form */
	check_decode("\xfe", 1, 0xFFFD, 1);
	check_decode("\xff", 1, 0xFFFD, 1);
}

static void
test_valid_prefix(void **state)
{
	(void)state;
	const unsigned char *s = (const unsigned char *)"ab\xc3\xa9" "c\xff" "d";
	assert_int_equal(utf8_valid_prefix(s, 7), 5);
	assert_int_equal(utf8_valid_prefix(s, 5), 5);
	assert_int_equal(utf8_valid_prefix(s, 3), 2);   /* é cut in half */
	assert_int_equal(utf8_valid_prefix(s, 0), 0);
	const unsigned char *ok = (const unsigned char *)"\xe4\xb8\xad\xe6\x96\x87";
	assert_int_equal(utf8_valid_prefix(ok, 6), 6);
}

/* ---- die ---- */

static void
die_cleanup_marker(void)
{
	fputs("cleanup\n", stderr);
}

/* The cleanup runs once, before the reason, and a cleanup that dies
 * itself does not run again. */
static void
die_cleanup_dies(void)
{
	fputs("cleanup\n", stderr);
	die("again");
}

/* In a child with stderr on a pipe and cleanup set, fail an allocation;
 * the child's status, and what it wrote in out. */
static int
in_child(void (*cleanup)(void), char *out, size_t n)
{
	int fd[2];
	assert_int_equal(pipe(fd), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };
		setrlimit(RLIMIT_CORE, &no_core);
		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		die_set_cleanup(cleanup);
		/* count * size overflows: the allocation-failure path */
		xreallocarray(NULL, SIZE_MAX, 2);
		_exit(0);
	}
	close(fd[1]);
	size_t got = 0;
	ssize_t k;
	while (got + 1 < n && (k = read(fd[0], out + got, n - 1 - got)) > 0)
		got += (size_t)k;
	out[got] = '\0';
	close(fd[0]);
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return st;
}

static void
test_ascii_casestr(void **state)
{
	(void)state;
	const char *s = "site-Footer-wrap footer";
	assert_ptr_equal(ascii_casestr(s, "footer"), s + 5);
	assert_ptr_equal(ascii_casestr(s, "FOOTER"), s + 5);
	assert_null(ascii_casestr(s, "sidebar"));
	/* a word cut off by the end of the string is not there */
	assert_null(ascii_casestr("foote", "footer"));
	/* bytes above 0x7f only match themselves */
	assert_string_equal(ascii_casestr("\xc3\xa9t\xc3\xa9", "t"), "t\xc3\xa9");
	assert_ptr_equal(ascii_casestr(s, ""), s);
}

static void
test_word_finder(void **state)
{
	(void)state;
	static const char *const words[] = { "date", "time", "meta", "datum", "comment" };
	struct word_finder f;
	word_finder_init(&f, words, 5);
	/* bit k is words[k]: "date" (0) and "datum" (3); "meta" (2) in "Meta" */
	const char *s = "post-DATE entry-Meta datumline";
	assert_int_equal(word_finder_scan(&f, s, strlen(s)), 1u | 4u | 8u);
	/* only the first len bytes count: "datum" starts at 21 */
	assert_int_equal(word_finder_scan(&f, s, 25), 1u | 4u);
	assert_int_equal(word_finder_scan(&f, s, 24), 1u | 4u);
	assert_int_equal(word_finder_scan(&f, "", 0), 0);
	assert_int_equal(word_finder_scan(&f, "commen", 6), 0);
	assert_int_equal(word_finder_scan(&f, "xcommentx", 9), 16u);
	/* a word's second byte in either case, a word of one byte at the
	 * string's end, a word of two bytes (UTF-8 for the copyright sign) */
	static const char *const more[] = { "x", "ab", "\xc2\xa9" };
	word_finder_init(&f, more, 3);
	assert_int_equal(word_finder_scan(&f, "aB", 2), 2u);
	assert_int_equal(word_finder_scan(&f, "zzx", 3), 1u);
	assert_int_equal(word_finder_scan(&f, "a", 1), 0);
	assert_int_equal(word_finder_scan(&f, "\xc2\xa9 2024 Ab", 10), 2u | 4u);
	assert_int_equal(word_finder_scan(&f, "\xc2", 1), 0);
}

static void
test_word_memo(void **state)
{
	(void)state;
	static const char *const words[] = { "nav", "footer" };
	struct word_memo *m = word_memo_new(words, 2, 10);
	assert_int_equal(word_memo_scan(m, NULL), 0);
	/* "footer" starts at byte 5 and ends past the first 10: not there */
	char a[] = "site-footer nav";
	assert_int_equal(word_memo_scan(m, a), 0);
	assert_int_equal(word_memo_scan(m, "Nav footer"), 3u);
	/* the same value at another address: the same answer */
	char b[] = "Nav footer";
	assert_int_equal(word_memo_scan(m, b), 3u);
	assert_int_equal(word_memo_scan(m, "menu"), 0);
	word_memo_free(m);
}

static void
test_blank_controls(void **state)
{
	(void)state;
	/* 18 bytes: two words of eight at a time, then a tail of two */
	char a[] = "ab\x01\tcd\r\nef\x1fgh\x7fij\x00k";
	size_t n = sizeof a - 1;
	char b[sizeof a];
	memcpy(b, a, sizeof a);
	blank_controls(a, n, true);
	assert_memory_equal(a, "ab \tcd\r\nef gh ij k", n);
	blank_controls(b, n, false);
	assert_memory_equal(b, "ab \tcd \nef gh ij k", n);
	/* DEL, and C1 controls (U+0081 OSC's kin, U+009B CSI, U+009D OSC) in
	 * a word and across the boundary of two; U+00A0 and U+00E9 stay */
	char c[] = "a\xc2\x81" "bcde\xc2" "\x9b" "x\xc2\x9d\x7fy\xc2\xa0\xc3\xa9";
	n = sizeof c - 1;
	blank_controls(c, n, false);
	assert_memory_equal(c, "a  bcde  x   y\xc2\xa0\xc3\xa9", n);
}

/* Untrusted text for a terminal: ESC, BEL, DEL, C1 escaped; tab and line
 * feed kept, a carriage return only first; UTF-8 letters untouched. */
static void
test_add_safe(void **state)
{
	(void)state;
	static const char in[] = "\rhttp://x/\033]0;t\007\tok\n\r\x7f\xc2\x9b" "2J \xc3\xa9\xc2\xa0";
	struct buf b;
	buf_init(&b);
	buf_add_safe(&b, in, sizeof in - 1);
	assert_string_equal(b.data, "\rhttp://x/\\x1B]0;t\\x07\tok\n\\x0D\\x7F\\u009B2J \xc3\xa9\xc2\xa0");
	b.len = 0;
	buf_add_safe(&b, "", 0);
	assert_string_equal(b.data, "");
	buf_free(&b);
	/* a cut on a character's first byte: "aé" is 61 C3 A9 */
	assert_int_equal(utf8_cut("a\xc3\xa9", 3, 2), 1);
	assert_int_equal(utf8_cut("a\xc3\xa9", 3, 3), 3);
	assert_int_equal(utf8_cut("a\xc3\xa9" "b", 4, 3), 3);
	assert_int_equal(utf8_cut("ab", 2, 5), 2);
	/* HTML text: & < > escaped, " in attributes only, C0 but tab, line
	 * feed and carriage return as spaces */
	buf_init(&b);
	buf_add_html(&b, "a<b>&\"c\"\x01\t\n\r\x1b", 13, false);
	assert_string_equal(b.data, "a&lt;b&gt;&amp;\"c\" \t\n\r ");
	b.len = 0;
	buf_add_html(&b, "x=\"1\"", 5, true);
	assert_string_equal(b.data, "x=&quot;1&quot;");
	buf_free(&b);
	/* JSON strings escape DEL and C1 as well as C0 */
	buf_init(&b);
	buf_add_json(&b, "a\x7f\xc2\x9d" "b", 5);
	assert_string_equal(b.data, "\"a\\u007f\\u009db\"");
	/* and write what is not UTF-8 as U+FFFD, keeping what is */
	b.len = 0;
	buf_add_json(&b, "\xff" "caf\xc3\xa9 \xe4\xb8" "x\xef\xbf\xbd", 13);
	assert_string_equal(b.data, "\"\\ufffdcaf\xc3\xa9 \\ufffd\\ufffdx\xef\xbf\xbd\"");
	buf_free(&b);
}

static void
test_die(void **state)
{
	(void)state;
	char out[256], want[256];
	int st = in_child(die_cleanup_marker, out, sizeof out);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGABRT);
	snprintf(want, sizeof want, "cleanup\npith: out of memory (%zu bytes)\n", (size_t)SIZE_MAX);
	assert_string_equal(out, want);

	st = in_child(die_cleanup_dies, out, sizeof out);
	assert_true(WIFSIGNALED(st));
	assert_string_equal(out, "cleanup\npith: again\n");

	st = in_child(NULL, out, sizeof out);
	assert_true(WIFSIGNALED(st));
	assert_string_equal(out, want + strlen("cleanup\n"));
}

/* ---- whitespace and counting ---- */

static void
test_is_white(void **state)
{
	(void)state;
	static const uint32_t white[] = {
		0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680,
		0x2000, 0x2005, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
	};
	static const uint32_t black[] = {
		0x00, 0x41, 0x0627, 0x4E2D, 0x200B /* zero width space */,
		0xFEFF /* BOM / ZWNBSP */, 0x180E, 0x0F0B /* tsheg */, 0xFFFD,
	};
	for (size_t i = 0; i < sizeof white / sizeof white[0]; i++)
		assert_true(uc_is_white(white[i]));
	for (size_t i = 0; i < sizeof black / sizeof black[0]; i++)
		assert_false(uc_is_white(black[i]));
}

static size_t
count(const char *s)
{
	return utf8_count_chars(s, strlen(s));
}

static void
test_count_chars(void **state)
{
	(void)state;
	assert_int_equal(count(""), 0);
	assert_int_equal(count("   \t\r\n\f\v"), 0);
	assert_int_equal(count("a b\tc\n"), 3);
	assert_int_equal(count("Hello, world."), 12);
	/* U+00A0 no-break space and U+3000 ideographic space never count */
	assert_int_equal(count("a\xc2\xa0" "b"), 2);
	assert_int_equal(count("\xe4\xb8\xad\xe3\x80\x80\xe6\x96\x87"), 2);
	/* U+2003 em space, U+0085 next line, U+202F narrow no-break space */
	assert_int_equal(count("\xe2\x80\x83x\xc2\x85y\xe2\x80\xaf"), 2);
	/* code points, not bytes: ئار is 3, 😀 is 1 */
	assert_int_equal(count("\xd8\xa6\xd8\xa7\xd8\xb1"), 3);
	assert_int_equal(count("\xf0\x9f\x98\x80"), 1);
	/* a zero width space is not White_Space */
	assert_int_equal(count("\xe2\x80\x8b"), 1);
	/* each invalid byte is one U+FFFD, which counts */
	assert_int_equal(count("a\xff\xfe" "b"), 4);
	/* n bounds the count, NULs included */
	assert_int_equal(utf8_count_chars("abc\0def", 7), 7);
	assert_int_equal(utf8_count_chars("abcdef", 2), 2);
	/* eight ASCII bytes at a time: the white space range's edges
	 * (0x08 and 0x0E, 0x1F, 0x21 and 0x7F are not white) */
	const char *edges = "\x08\t\n\v\f\r\x0e\x1f" " !\x7f  ab\x19" "xyz";
	assert_int_equal(count(edges), 3 + 5 + 3);
	assert_int_equal(count(edges + 1), 2 + 5 + 3);
	/* a character of two bytes inside a word of eight */
	assert_int_equal(count("abcdefg\xc3\xa9 hijklmno"), 7 + 1 + 8);
}

/* text_collapse's result for s (short: up to 255 bytes). */
static const char *
collapse(const char *s)
{
	static char out[256];
	struct buf b = { 0 };
	text_collapse(s, strlen(s), &b);
	snprintf(out, sizeof out, "%s", b.data ? b.data : "");
	buf_free(&b);
	return out;
}

static void
collapse_is(const char *in, bool space, const char *want, bool want_space)
{
	struct buf b = { 0 };
	buf_adds(&b, "x\n");
	bool sp = space;
	buf_add_collapsed(&b, in, strlen(in), &sp);
	assert_string_equal(b.data + 2, want);
	assert_int_equal(sp, want_space);
	buf_free(&b);
}

/* The collapsing rule a character at a time, as the reference. */
static void
collapse_slowly(struct buf *out, const char *s, size_t n, bool *space)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = utf8_decode(u + i, n - i, &cp);
		if (uc_is_white(cp)) {
			*space = true;
		} else {
			if (*space && out->len && out->data[out->len - 1] != '\n')
				buf_add(out, " ", 1);
			*space = false;
			buf_add(out, s + i, k);
		}
		i += k;
	}
}

/* Keys numbered in the order they first come, 0 among them; the numbers
 * stay as the table grows; emptied, it numbers from 0 again. */
static void
test_u64_ids(void **state)
{
	(void)state;
	struct u64_ids x = { 0 };
	assert_int_equal(u64_ids_find(&x, 5), UINT32_MAX);
	static const uint64_t keys[] = { 5, 7, 5, 0, 7, 9, 0 };
	static const uint32_t want[] = { 0, 1, 0, 2, 1, 3, 2 };
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		assert_int_equal(u64_ids_add(&x, keys[i]), want[i]);
	assert_int_equal(x.n, 4);
	assert_int_equal(x.v[2], 0);
	assert_int_equal(x.v[3], 9);
	/* past several doublings of the table */
	for (uint64_t k = 0; k < 5000; k++)
		assert_int_equal(u64_ids_add(&x, k * 0x100000001ull + 11), 4 + k);
	for (uint64_t k = 0; k < 5000; k += 7)
		assert_int_equal(u64_ids_add(&x, k * 0x100000001ull + 11), 4 + k);
	assert_int_equal(u64_ids_add(&x, 9), 3);
	assert_int_equal(x.n, 5004);
	assert_int_equal(u64_ids_find(&x, 4999 * 0x100000001ull + 11), 5003);
	assert_int_equal(u64_ids_find(&x, 5000 * 0x100000001ull + 11), UINT32_MAX);
	size_t tcap = x.tcap;
	u64_ids_clear(&x);
	assert_int_equal(x.n, 0);
	assert_int_equal(x.tcap, tcap);
	for (size_t i = 0; i < tcap; i++)
		assert_int_equal(x.table[i], 0);
	assert_int_equal(u64_ids_add(&x, 9), 0);
	assert_int_equal(u64_ids_add(&x, 5), 1);
	u64_ids_free(&x);
	assert_null(x.v);
}

/* Random strings of words, white space of every kind and broken bytes
 * collapse as the reference does, piece by piece. */
static void
test_collapse_random(void **state)
{
	(void)state;
	static const char *const parts[] = {
		"a", "word", "longerwords", " ", " ", "  ", "\t", "\n", "\r\n", "\v", "\f",
		"\xc2\xa0", "\xc2\x85", "\xe2\x80\x83", "\xe3\x80\x80", "\xe1\x9a\x80",
		"\xc3\xa9", "\xe2\x80\x90", "\xe4\xb8\xad", "\xf0\x9f\x98\x80", "\xff", "\xe2\x80",
		"\x80", "\x08", "\x0e", "!", "\x7f",
	};
	size_t np = sizeof parts / sizeof parts[0];
	uint64_t seed = 88172645463325252ull;
	for (int round = 0; round < 2000; round++) {
		struct buf in = { 0 }, fast = { 0 }, slow = { 0 };
		int len = (int)(seed % 40);
		for (int k = 0; k < len; k++) {
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			buf_adds(&in, parts[seed % np]);
		}
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		/* in two pieces, cut anywhere */
		size_t cut = in.len ? (size_t)(seed % (in.len + 1)) : 0;
		bool sp1 = round & 1, sp2 = sp1;
		buf_adds(&fast, round & 2 ? "x\n" : "x");
		buf_adds(&slow, fast.data);
		buf_add_collapsed(&fast, in.data ? in.data : "", cut, &sp1);
		buf_add_collapsed(&fast, in.data ? in.data + cut : "", in.len - cut, &sp1);
		collapse_slowly(&slow, in.data ? in.data : "", cut, &sp2);
		collapse_slowly(&slow, in.data ? in.data + cut : "", in.len - cut, &sp2);
		assert_int_equal(fast.len, slow.len);
		assert_memory_equal(fast.data, slow.data, slow.len);
		assert_int_equal(sp1, sp2);
		/* and the count of what is not white */
		size_t want = 0;
		const unsigned char *u = (const unsigned char *)(in.data ? in.data : "");
		for (size_t i = 0; i < in.len;) {
			uint32_t cp;
			i += utf8_decode(u + i, in.len - i, &cp);
			want += !uc_is_white(cp);
		}
		assert_int_equal(utf8_count_chars(in.data ? in.data : "", in.len), want);
		buf_free(&in);
		buf_free(&fast);
		buf_free(&slow);
	}
}

static void
test_collapse(void **state)
{
	(void)state;
	assert_string_equal(collapse("  a \t b\n\nc  "), "a b c");
	/* U+00A0, U+2003, U+3000 and U+0085 are white; U+00E9, U+2010 and
	 * U+3001 (first bytes 0xC3, 0xE2 and 0xE3) are not */
	assert_string_equal(collapse("a\xc2\xa0\xe2\x80\x83" "b\xe3\x80\x80\xc2\x85" "c"), "a b c");
	assert_string_equal(collapse("\xc3\xa9\xe2\x80\x90\xe3\x80\x81"),
			    "\xc3\xa9\xe2\x80\x90\xe3\x80\x81");
	/* invalid bytes go through as they are */
	assert_string_equal(collapse("a \xff\xe2\x80 b"), "a \xff\xe2\x80 b");
	/* a space pending from the piece before; none after a line's end */
	collapse_is("b", true, "b", false);
	collapse_is("  b  ", false, "b", true);
	/* the spaces between words, and a space at a piece's end */
	collapse_is("one two  three\tfour five", false, "one two three four five", false);
	collapse_is("b c ", true, "b c", true);
	struct buf b = { 0 };
	bool sp = false;
	buf_adds(&b, "a");
	buf_add_collapsed(&b, " ", 1, &sp);
	buf_add_collapsed(&b, "b", 1, &sp);
	assert_string_equal(b.data, "a b");
	buf_free(&b);
}

/* ---- buffers and JSON ---- */

static void
test_buf_basics(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "ab");
	buf_addc(&b, 'c');
	buf_printf(&b, "%d-%s", 42, "x");
	buf_add_utf8(&b, 0x627);
	buf_add_utf8(&b, 0x1F600);
	buf_add_utf8(&b, 0xD800);      /* a surrogate becomes U+FFFD */
	buf_add_utf8(&b, 0x110000);    /* so does anything past U+10FFFF */
	assert_string_equal(b.data, "abc42-x\xd8\xa7\xf0\x9f\x98\x80"
			    "\xef\xbf\xbd\xef\xbf\xbd");
	assert_int_equal(b.len, 7 + 2 + 4 + 3 + 3);
	/* utf8_encode, which it uses: each length, one byte short of the next */
	char e[4];
	assert_int_equal(utf8_encode(0x7F, e), 1);
	assert_memory_equal(e, "\x7f", 1);
	assert_int_equal(utf8_encode(0x7FF, e), 2);
	assert_memory_equal(e, "\xdf\xbf", 2);
	assert_int_equal(utf8_encode(0xFFFF, e), 3);
	assert_memory_equal(e, "\xef\xbf\xbf", 3);
	assert_int_equal(utf8_encode(0x10FFFF, e), 4);
	assert_memory_equal(e, "\xf4\x8f\xbf\xbf", 4);
	assert_int_equal(utf8_encode(0xDFFF, e), 3);
	assert_memory_equal(e, "\xef\xbf\xbd", 3);
	size_t len = 0;
	char *s = buf_steal(&b, &len);
	assert_int_equal(len, 19);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	free(s);
	/* stealing an empty buffer still gives a string */
	s = buf_steal(&b, &len);
	assert_non_null(s);
	assert_string_equal(s, "");
	assert_int_equal(len, 0);
	free(s);
	buf_free(&b);
}

static void
check_json(const char *in, size_t n, const char *expect)
{
	struct buf b;
	buf_init(&b);
	buf_add_json(&b, in, n);
	assert_string_equal(b.data, expect);
	assert_int_equal(b.len, strlen(expect));
	buf_free(&b);
}

static void
test_json(void **state)
{
	(void)state;
	check_json("", 0, "\"\"");
	check_json("plain", 5, "\"plain\"");
	check_json("a\"b\\c", 5, "\"a\\\"b\\\\c\"");
	check_json("l1\nl2\r\tx", 8, "\"l1\\nl2\\r\\tx\"");
	check_json("\f\b", 2, "\"\\f\\b\"");
	/* other control bytes as \u00XX, a NUL included */
	check_json("\x01\x1f", 2, "\"\\u0001\\u001f\"");
	check_json("a\0b", 3, "\"a\\u0000b\"");
	/* DEL escaped (a terminal control); '/' and UTF-8 pass through */
	check_json("\x7f/\xd8\xa7\xe4\xb8\xad", 7, "\"\\u007f/\xd8\xa7\xe4\xb8\xad\"");
	/* the form feed pith puts between pages */
	check_json("p1\fp2", 5, "\"p1\\fp2\"");
	/* appending keeps what was there */
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "{\"k\":");
	buf_add_json(&b, "v\n", 2);
	buf_addc(&b, '}');
	assert_string_equal(b.data, "{\"k\":\"v\\n\"}");
	buf_free(&b);
}

static void
test_strings(void **state)
{
	(void)state;
	assert_true(str_ieq("GBK", "gbk"));
	assert_false(str_ieq("gbk", "gb"));
	assert_true(str_has_suffix("a/page.HTML", ".html"));
	assert_true(str_has_suffix(".htm", ".htm"));
	assert_false(str_has_suffix("htm", ".htm"));
	assert_false(str_has_suffix("page.html.bak", ".html"));
}

/* ---- write_file_atomic ---- */

struct tmpdir {
	char path[64];
};

static int
setup_dir(void **state)
{
	struct tmpdir *t = calloc(1, sizeof *t);
	if (!t)
		return -1;
	/* tests write only below the current (build) directory */
	snprintf(t->path, sizeof t->path, "test-util-XXXXXX");
	if (!mkdtemp(t->path)) {
		free(t);
		return -1;
	}
	*state = t;
	return 0;
}

static int
teardown_dir(void **state)
{
	struct tmpdir *t = *state;
	chmod(t->path, 0755);
	DIR *d = opendir(t->path);
	if (d) {
		struct dirent *e;
		char p[600];
		while ((e = readdir(d)) != NULL) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			snprintf(p, sizeof p, "%s/%s", t->path, e->d_name);
			unlink(p);
		}
		closedir(d);
	}
	rmdir(t->path);
	free(t);
	return 0;
}

/* Entries in dir (without . and ..), their names joined by spaces in
 * sorted order into names. */
static int
list_dir(const char *dir, char *names, size_t len)
{
	struct dirent **v;
	int n = scandir(dir, &v, NULL, alphasort), k = 0;
	names[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (strcmp(v[i]->d_name, ".") && strcmp(v[i]->d_name, "..")) {
			if (k++)
				strncat(names, " ", len - strlen(names) - 1);
			strncat(names, v[i]->d_name, len - strlen(names) - 1);
		}
		free(v[i]);
	}
	free(v);
	return k;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct buf b;
	buf_init(&b);
	char tmp[4096];
	size_t k;
	while ((k = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&b, tmp, k);
	fclose(f);
	return buf_steal(&b, len);
}

static void
check_content(const char *path, const char *expect, size_t n)
{
	size_t len = 0;
	char *s = slurp(path, &len);
	assert_non_null(s);
	assert_int_equal(len, n);
	assert_memory_equal(s, expect, n);
	free(s);
}

static void
test_write_new(void **state)
{
	struct tmpdir *t = *state;
	char path[128], err[256] = "", names[256];
	snprintf(path, sizeof path, "%s/out.txt", t->path);
	assert_int_equal(write_file_atomic(path, "hello\0world\n", 12, false,
					   err, sizeof err), 0);
	check_content(path, "hello\0world\n", 12);
	/* no temporary file left over */
	assert_int_equal(list_dir(t->path, names, sizeof names), 1);
	assert_string_equal(names, "out.txt");
	/* an empty file is a file too */
	assert_int_equal(write_file_atomic(path, "", 0, false, err, sizeof err), 0);
	check_content(path, "", 0);
	assert_int_equal(list_dir(t->path, names, sizeof names), 1);
	/* readable by others, as a normal output file */
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
}

static void
test_write_backup(void **state)
{
	struct tmpdir *t = *state;
	char path[128], bak1[140], bak2[140], err[256] = "", names[256];
	snprintf(path, sizeof path, "%s/rule.conf", t->path);
	snprintf(bak1, sizeof bak1, "%s/rule.conf.~1~", t->path);
	snprintf(bak2, sizeof bak2, "%s/rule.conf.~2~", t->path);

	/* backup asked for but nothing to keep: no backup */
	assert_int_equal(write_file_atomic(path, "one\n", 4, WRITE_PRECIOUS, err, sizeof err), 0);
	assert_int_equal(list_dir(t->path, names, sizeof names), 1);

	/* without backup the old content is simply replaced */
	assert_int_equal(write_file_atomic(path, "two\n", 4, 0, err, sizeof err), 0);
	check_content(path, "two\n", 4);
	assert_int_equal(list_dir(t->path, names, sizeof names), 1);

	/* with backup the old content survives as the first numbered backup */
	assert_int_equal(write_file_atomic(path, "three\n", 6, WRITE_PRECIOUS, err, sizeof err), 0);
	check_content(path, "three\n", 6);
	check_content(bak1, "two\n", 4);
	assert_int_equal(list_dir(t->path, names, sizeof names), 2);
	assert_string_equal(names, "rule.conf rule.conf.~1~");

	/* and the next one is a second backup: none is ever replaced */
	assert_int_equal(write_file_atomic(path, "four\n", 5, WRITE_PRECIOUS, err, sizeof err), 0);
	check_content(path, "four\n", 5);
	check_content(bak1, "two\n", 4);
	check_content(bak2, "three\n", 6);
	assert_int_equal(list_dir(t->path, names, sizeof names), 3);

	/* a replaced file keeps its mode */
	assert_int_equal(chmod(path, 0600), 0);
	assert_int_equal(write_file_atomic(path, "five\n", 5, WRITE_PRECIOUS, err, sizeof err), 0);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);

	/* a read-only file is not replaced, by root either */
	assert_int_equal(chmod(path, 0444), 0);
	assert_int_equal(write_file_atomic(path, "six\n", 4, WRITE_PRECIOUS, err, sizeof err), -1);
	assert_string_equal(err, "read-only file; give another name");
	check_content(path, "five\n", 5);
	assert_int_equal(chmod(path, 0644), 0);

	/* a symbolic link is followed: the target is updated, the link stays */
	char link_path[140], target[140];
	snprintf(link_path, sizeof link_path, "%s/link.conf", t->path);
	snprintf(target, sizeof target, "%s/rule.conf", t->path);
	assert_int_equal(symlink("rule.conf", link_path), 0);
	assert_int_equal(write_file_atomic(link_path, "seven\n", 6, WRITE_PRECIOUS, err, sizeof err), 0);
	check_content(target, "seven\n", 6);
	assert_int_equal(lstat(link_path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));

	/* WRITE_BACKUP (extract -o): a symbolic link is not replaced, nor its
	 * target written; a plain file is kept as the next backup first */
	assert_int_equal(write_file_atomic(link_path, "eight\n", 6, WRITE_BACKUP, err,
					   sizeof err), -1);
	assert_string_equal(err, "a symbolic link: not replaced; give another name");
	check_content(target, "seven\n", 6);
	assert_int_equal(lstat(link_path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	unlink(link_path);
	/* backups so far: ~1~ two, ~2~ three, ~3~ four, ~4~ five */
	char bak[160];
	snprintf(bak, sizeof bak, "%s.~5~", path);
	assert_int_equal(stat(bak, &st), -1);
	assert_int_equal(write_file_atomic(path, "nine\n", 5, WRITE_BACKUP, err, sizeof err), 0);
	check_content(path, "nine\n", 5);
	check_content(bak, "seven\n", 6);
}

static void
test_write_missing_dir(void **state)
{
	struct tmpdir *t = *state;
	char path[128], err[256] = "", names[256];
	snprintf(path, sizeof path, "%s/nope/out.txt", t->path);
	assert_int_equal(write_file_atomic(path, "x", 1, WRITE_PRECIOUS, err, sizeof err), -1);
	assert_true(strlen(err) > 0);
	assert_non_null(strstr(err, "No such file or directory"));
	/* nothing created: not the directory, not a temporary */
	assert_int_equal(list_dir(t->path, names, sizeof names), 0);
}

static void
test_write_under_file(void **state)
{
	struct tmpdir *t = *state;
	char file[128], path[160], err[256] = "", names[256];
	snprintf(file, sizeof file, "%s/plain", t->path);
	assert_int_equal(write_file_atomic(file, "x", 1, 0, err, sizeof err), 0);
	/* a path "under" a regular file cannot be written, even by root */
	snprintf(path, sizeof path, "%s/plain/out.txt", t->path);
	err[0] = '\0';
	assert_int_equal(write_file_atomic(path, "y", 1, false, err, sizeof err), -1);
	assert_non_null(strstr(err, "Not a directory"));
	assert_int_equal(list_dir(t->path, names, sizeof names), 1);
	assert_string_equal(names, "plain");
	check_content(file, "x", 1);
}

/* Root writes into a mode 0555 directory all the same, so the attempt is
 * made by a child that has given up root (cmocka's skip() would show as a
 * failure under automake's TAP driver). */
static int
write_unprivileged(const char *path, const char *data, size_t len, char *err,
		   size_t errlen)
{
	int fds[2];
	if (pipe(fds) < 0)
		return -2;
	pid_t pid = fork();
	if (pid < 0)
		return -2;
	if (pid == 0) {
		close(fds[0]);
		if (geteuid() == 0 && (setgid(65534) < 0 || setuid(65534) < 0))
			_exit(77);
		char e[256] = "";
		int rc = write_file_atomic(path, data, len, true, e, sizeof e);
		ssize_t k = write(fds[1], e, strlen(e));
		(void)k;
		_exit(rc == 0 ? 0 : 1);
	}
	close(fds[1]);
	ssize_t k = read(fds[0], err, errlen - 1);
	err[k > 0 ? k : 0] = '\0';
	close(fds[0]);
	int st;
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return -2;
	return WEXITSTATUS(st) == 0 ? 0 : WEXITSTATUS(st) == 1 ? -1 : -2;
}

static void
test_write_readonly_dir(void **state)
{
	struct tmpdir *t = *state;
	char path[128], err[256] = "", names[256];
	snprintf(path, sizeof path, "%s/out.txt", t->path);
	assert_int_equal(write_file_atomic(path, "old", 3, false, err, sizeof err), 0);
	assert_int_equal(chmod(t->path, 0555), 0);
	err[0] = '\0';
	int rc = write_unprivileged(path, "new", 3, err, sizeof err);
	chmod(t->path, 0755);
	if (rc == -2) {
		print_message("could not drop privileges; not checked\n");
		return;
	}
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, "Permission denied"));
	/* the old file is untouched and nothing else appeared */
	check_content(path, "old", 3);
	assert_int_equal(list_dir(t->path, names, sizeof names), 1);
}

static void
test_path_relative(void **state)
{
	(void)state;
	const char *cases[][3] = {
		{ "/a/b", "/a/b/x.html", "x.html" },
		{ "/a/b", "/a/bc/x.html", "../bc/x.html" },
		{ "/a/b/c", "/a/x.html", "../../x.html" },
		{ "/", "/x.html", "x.html" },
		{ "/r/rules", "/p/dev/page.html", "../../p/dev/page.html" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char *r = path_relative(cases[k][0], cases[k][1]);
		assert_string_equal(r, cases[k][2]);
		free(r);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_relative),
		cmocka_unit_test(test_decode_valid),
		cmocka_unit_test(test_decode_overlong),
		cmocka_unit_test(test_decode_surrogates),
		cmocka_unit_test(test_decode_truncated),
		cmocka_unit_test(test_decode_too_large),
		cmocka_unit_test(test_valid_prefix),
		cmocka_unit_test(test_is_white),
		cmocka_unit_test(test_count_chars),
		cmocka_unit_test(test_collapse),
		cmocka_unit_test(test_collapse_random),
		cmocka_unit_test(test_buf_basics),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_strings),
		cmocka_unit_test_setup_teardown(test_write_new, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_write_backup, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_write_missing_dir, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_write_under_file, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_write_readonly_dir, setup_dir, teardown_dir),
		cmocka_unit_test(test_ascii_casestr),
		cmocka_unit_test(test_word_finder),
		cmocka_unit_test(test_word_memo),
		cmocka_unit_test(test_blank_controls),
		cmocka_unit_test(test_add_safe),
		cmocka_unit_test(test_die),
		cmocka_unit_test(test_u64_ids),
	};
	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
