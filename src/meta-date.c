/* meta-date.c - dates as pages write them, in many languages, read as
 * ISO 8601 days. */
#include "config.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "meta.h"
#include "meta-date.h"
#include "meta-int.h"

/* ---- dates ---- */

static bool
days_ok(int y, int m, int d)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	return y >= 1995 && y <= 2099 && m >= 1 && m <= 12 && d >= 1 && d <= mdays[m - 1];
}

/* YYYY-MM-DD of a day days_ok accepted. */
static void
day_str(char out[11], int y, int m, int d)
{
	char b[48];
	snprintf(b, sizeof b, "%04d-%02d-%02d", y, m, d);
	memcpy(out, b, 11);
}

static int
digits(const char *s, size_t n, size_t *i, int max)
{
	int v = 0, k = 0;
	while (*i < n && k < max && isdigit((unsigned char)s[*i]))
		v = v * 10 + (s[(*i)++] - '0'), k++;
	return k ? v : -1;
}

/* Month names per language, as they stand in dates (Russian: the genitive;
 * abbreviations with or without the dot).  Matching folds ASCII, Latin-1
 * and Cyrillic capitals, so "MÄRZ" and "Марта" match too. */
struct date_lang {
	const char *lang;
	const char *months[12];   /* "|"-separated forms */
	const char *fillers;      /* "|"-separated words between day, month, year */
};

static const struct date_lang date_langs[] = {
	{ "en", { "january|jan", "february|feb", "march|mar", "april|apr", "may",
		  "june|jun", "july|jul", "august|aug", "september|sept|sep",
		  "october|oct", "november|nov", "december|dec" }, "of|the" },
	{ "de", { "januar|jänner|jan", "februar|feber|feb", "märz|mär|mrz",
		  "april|apr", "mai", "juni|jun", "juli|jul", "august|aug",
		  "september|sept|sep", "oktober|okt", "november|nov",
		  "dezember|dez" }, "" },
	{ "fr", { "janvier|janv", "février|fevrier|févr|fév", "mars", "avril|avr",
		  "mai", "juin", "juillet|juil", "août|aout", "septembre|sept",
		  "octobre|oct", "novembre|nov", "décembre|decembre|déc" }, "" },
	{ "es", { "enero|ene", "febrero|feb", "marzo|mar", "abril|abr", "mayo|may",
		  "junio|jun", "julio|jul", "agosto|ago", "septiembre|setiembre|sept|sep",
		  "octubre|oct", "noviembre|nov", "diciembre|dic" }, "de|del" },
	{ "ru", { "января|январь|янв", "февраля|февраль|фев", "марта|март|мар",
		  "апреля|апрель|апр", "мая|май", "июня|июнь|июн", "июля|июль|июл",
		  "августа|август|авг", "сентября|сентябрь|сен", "октября|октябрь|окт",
		  "ноября|ноябрь|ноя", "декабря|декабрь|дек" }, "" },
	/* Greek: the genitive of dates, the nominative of headers; folding
	 * drops the accents, so ΜΑΡΤΙΟΥ and Μαρτίου match alike */
	{ "el", { "ιανουαρίου|ιανουάριος|ιαν", "φεβρουαρίου|φεβρουάριος|φεβ",
		  "μαρτίου|μάρτιος|μαρ", "απριλίου|απρίλιος|απρ", "μαΐου|μάιος|μαΐ|μάη",
		  "ιουνίου|ιούνιος|ιουν", "ιουλίου|ιούλιος|ιουλ", "αυγούστου|αύγουστος|αυγ",
		  "σεπτεμβρίου|σεπτέμβριος|σεπ", "οκτωβρίου|οκτώβριος|οκτ",
		  "νοεμβρίου|νοέμβριος|νοε", "δεκεμβρίου|δεκέμβριος|δεκ" }, "" },
};

/* Each language's month names, form by form in the order written, with
 * the first letter folded: split once, for every date read after. */
#define NLANGS (sizeof date_langs / sizeof date_langs[0])
#define MONTH_FORMS 64
struct month_form {
	const char *f;
	unsigned char len, month, first_len, first[4];
};
static struct month_form month_forms[NLANGS][MONTH_FORMS];
static int month_nforms[NLANGS];
static pthread_once_t month_once = PTHREAD_ONCE_INIT;

static void
month_forms_init(void)
{
	for (size_t li = 0; li < NLANGS; li++)
		for (int m = 0; m < 12; m++)
			for (const char *f = date_langs[li].months[m]; *f; ) {
				size_t fl = strcspn(f, "|");
				struct month_form *mf = &month_forms[li][month_nforms[li]];
				if (month_nforms[li] < MONTH_FORMS && fl > 0 && fl < 256) {
					mf->f = f;
					mf->len = (unsigned char)fl;
					mf->month = (unsigned char)(m + 1);
					mf->first_len = (unsigned char)fold_char(
						(const unsigned char *)f, fl, mf->first);
					month_nforms[li]++;
				}
				f += fl + (f[fl] == '|');
			}
}

/* The month (1-12) the word at s names in language l, 0 if none. */
static int
month_at(const struct date_lang *l, const char *s, size_t n, size_t *len)
{
	pthread_once(&month_once, month_forms_init);
	/* the first letter, folded, rules out most names at once */
	unsigned char a[4];
	size_t la = n ? fold_char((const unsigned char *)s, n, a) : 0;
	if (!la)
		return 0;
	size_t li = (size_t)(l - date_langs);
	for (int k = 0; k < month_nforms[li]; k++) {
		const struct month_form *mf = &month_forms[li][k];
		if (mf->first_len == la && !memcmp(a, mf->first, la) &&
		    word_is(s, n, mf->f, mf->len, len)) {
			if (*len < n && s[*len] == '.')
				(*len)++;
			return mf->month;
		}
	}
	return 0;
}

bool
month_word(const char *s, size_t n)
{
	for (size_t l = 0; l < sizeof date_langs / sizeof date_langs[0]; l++) {
		size_t len;
		if (month_at(&date_langs[l], s, n, &len) && len == n)
			return true;
	}
	return false;
}

/* Skip spaces, punctuation of dates, and the language's filler words. */
static size_t
skip_fill(const struct date_lang *l, const char *s, size_t n, size_t i)
{
	for (;;) {
		for (;;) {
			if (i < n && (s[i] == ' ' || s[i] == ',' || s[i] == '.'))
				i++;
			else if (i + 1 < n && (unsigned char)s[i] == 0xc2 &&
				 (unsigned char)s[i + 1] == 0xa0)   /* U+00A0 */
				i += 2;
			else
				break;
		}
		bool more = false;
		for (const char *f = l ? l->fillers : ""; *f; ) {
			size_t fl = strcspn(f, "|"), len;
			if (word_is(s + i, n - i, f, fl, &len)) {
				i += len;
				more = true;
				break;
			}
			f += fl + (f[fl] == '|');
		}
		if (!more)
			return i;
	}
}

/* "2019-11-19 02:24:00 UTC", "2019-11-20T01:50:59.403",
 * "2019-11-19T07:03:25+00:00", "20191119" as ISO 8601: the day, and the
 * time and offset when the value has them.  NULL when it is no date. */
char *
extract_date_iso(const char *s)
{
	size_t n = strlen(s), i = 0;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	/* "Wed, 04 May 2022 02:41:00 GMT" (RFC 1123, as HTTP and feeds
	 * write it): the same value in ISO form */
	if (i + 4 < n && isalpha((unsigned char)s[i]) && s[i + 3] == ',') {
		size_t k = i + 4;
		while (k < n && s[k] == ' ')
			k++;
		int dd = digits(s, n, &k, 2), mm = 0;
		size_t len = 0;
		while (k < n && s[k] == ' ')
			k++;
		if (dd > 0)
			mm = month_at(&date_langs[0], s + k, n - k, &len);
		k += len;
		while (k < n && s[k] == ' ')
			k++;
		size_t y0 = k;
		int yy = mm ? digits(s, n, &k, 4) : -1;
		if (k - y0 != 4 || !days_ok(yy, mm, dd))
			return NULL;
		char b[80];
		snprintf(b, sizeof b, "%04d-%02d-%02d%s%s", yy, mm, dd,
			 k < n && s[k] == ' ' ? "T" : "", k < n && s[k] == ' ' ? s + k + 1 : "");
		return extract_date_iso(b);
	}
	size_t y0 = i;
	int y = digits(s, n, &i, 4), m, d;
	if (y < 0 || i - y0 != 4)
		return NULL;
	if (i < n && (s[i] == '-' || s[i] == '/' || s[i] == '.')) {
		char sep = s[i++];
		m = digits(s, n, &i, 2);
		if (i >= n || s[i] != sep)
			return NULL;
		i++;
		d = digits(s, n, &i, 2);
	} else {
		if (i + 4 > n)
			return NULL;
		m = digits(s, n, &i, 2);
		d = digits(s, n, &i, 2);
	}
	if (!days_ok(y, m, d) || (i < n && isdigit((unsigned char)s[i])))
		return NULL;
	char out[80];
	int len = snprintf(out, sizeof out, "%04d-%02d-%02d", y, m, d);
	if (i < n && (s[i] == 'T' || s[i] == ' ') && i + 3 < n && isdigit((unsigned char)s[i + 1])) {
		size_t j = i + 1;
		int hh = digits(s, n, &j, 2), mm = -1, ss = 0;
		if (j < n && s[j] == ':') {
			j++;
			mm = digits(s, n, &j, 2);
		}
		if (mm >= 0 && j < n && s[j] == ':') {
			j++;
			ss = digits(s, n, &j, 2);
		}
		if (hh >= 0 && hh < 24 && mm >= 0 && mm < 60 && ss >= 0 && ss < 61) {
			len += snprintf(out + len, sizeof out - (size_t)len, "T%02d:%02d:%02d", hh, mm, ss);
			if (j < n && s[j] == '.')
				for (j++; j < n && isdigit((unsigned char)s[j]); j++)
					;
			while (j < n && s[j] == ' ')
				j++;
			if (j < n && (s[j] == 'Z' || !strncmp(s + j, "UTC", 3) || !strncmp(s + j, "GMT", 3))) {
				snprintf(out + len, sizeof out - (size_t)len, "Z");
			} else if (j < n && (s[j] == '+' || s[j] == '-')) {
				char sign = s[j++];
				size_t z0 = j;
				int oh = digits(s, n, &j, 2), om = 0;
				if (j < n && s[j] == ':')
					j++;
				if (j < n && isdigit((unsigned char)s[j]))
					om = digits(s, n, &j, 2);
				if (oh >= 0 && oh <= 14 && om >= 0 && om < 60 && j - z0 >= 2)
					snprintf(out + len, sizeof out - (size_t)len,
						 "%c%02d:%02d", sign, oh, om);
			}
		}
	}
	return xstrdup(out);
}

/* Can a month name or a filler word of any language start with byte b
 * of a page's text?  The bytes fold_char maps to a word's first byte: an
 * ASCII letter in either case; a lead byte of Latin-1 (0xc3), Cyrillic
 * (0xd0, 0xd1) or Greek (0xce, 0xcf), each pair folding into each other. */
static void
mark_first_bytes(bool table[256], const char *forms)
{
	for (const char *f = forms; *f; ) {
		unsigned char c = (unsigned char)*f;
		table[c] = true;
		if (c >= 'a' && c <= 'z')
			table[c - ('a' - 'A')] = true;
		if (c == 0xd0 || c == 0xd1)
			table[0xd0] = table[0xd1] = true;
		if (c == 0xce || c == 0xcf)
			table[0xce] = table[0xcf] = true;
		f += strcspn(f, "|");
		f += *f == '|';
	}
}

/* with_fillers false: month names only */
static bool
date_word_may_start(unsigned char b, bool with_fillers)
{
	static bool months[256], words[256], ready;
	if (!ready) {
		for (size_t li = 0; li < sizeof date_langs / sizeof date_langs[0]; li++) {
			for (int m = 0; m < 12; m++) {
				mark_first_bytes(months, date_langs[li].months[m]);
				mark_first_bytes(words, date_langs[li].months[m]);
			}
			mark_first_bytes(words, date_langs[li].fillers);
		}
		ready = true;
	}
	return with_fillers ? words[b] : months[b];
}

static bool
starts_word(const char *s, size_t i)
{
	return i == 0 || !(isalnum((unsigned char)s[i - 1]));
}

/* A date in running text s[0..n): numeric (2024-03-14, 14.03.2024,
 * 2024年3月14日, 14/03/2024 day first unless the page is English) or with a
 * month name in one of date_langs ("14 March 2024", "March 14, 2024",
 * "14. März 2024", "14 de marzo de 2024", "14 марта 2024", "14 Μαρτίου
 * 2024").  Writes
 * YYYY-MM-DD into out; false when there is none. */
bool
extract_date_text(const char *s, size_t n, const char *lang, char out[11])
{
	/* every form below writes its year in digits: a text without one
	 * holds no date (most of a page's short lines, each read for one) */
	size_t at = 0;
	while (at < n && !isdigit((unsigned char)s[at]))
		at++;
	if (at == n)
		return false;
	/* month first in American English only: en-GB, en-AU, en-IN ...
	 * write the day first, as most of the world does */
	bool us = lang && !strncasecmp(lang, "en", 2) &&
		  (!lang[2] || !strcasecmp(lang + 2, "-us") || !strcasecmp(lang + 2, "_us"));
	for (size_t i = 0; i < n; i++) {
		if (!starts_word(s, i))
			continue;
		int y = -1, m = -1, d = -1;
		size_t j = i;
		if (isdigit((unsigned char)s[i])) {
			int a = digits(s, n, &j, 4);
			size_t al = j - i;
			if (al == 4 && j + 3 <= n && !strncmp(s + j, "年", 3)) {
				j += 3;
				y = a;
				m = digits(s, n, &j, 2);
				if (j + 3 <= n && !strncmp(s + j, "月", 3)) {
					j += 3;
					d = digits(s, n, &j, 2);
				}
			} else if (al == 4 && j < n && (s[j] == '-' || s[j] == '/' || s[j] == '.')) {
				char sep = s[j++];
				y = a;
				m = digits(s, n, &j, 2);
				if (j < n && s[j] == sep) {
					j++;
					d = digits(s, n, &j, 2);
				}
			} else if (al == 4 && j + 1 < n && s[j] == ' ' &&
				   date_word_may_start((unsigned char)s[j + 1], false)) {
				/* year, month name, day: "2023 Jan 7", as
				 * PubMed and its citation tags write it */
				for (size_t li = 0; li < sizeof date_langs / sizeof date_langs[0] && m < 0; li++) {
					size_t len, k = j + 1;
					int mm = month_at(&date_langs[li], s + k, n - k, &len);
					if (!mm)
						continue;
					k += len;
					if (k >= n || s[k] != ' ')
						continue;
					k++;
					size_t d0 = k;
					int dd = digits(s, n, &k, 2);
					if (k > d0) {
						y = a, m = mm, d = dd;
						j = k;
					}
				}
			} else if (al <= 2 && j < n && (s[j] == '.' || s[j] == '/' || s[j] == '-') &&
				   j + 1 < n && isdigit((unsigned char)s[j + 1])) {
				char sep = s[j++];
				int b = digits(s, n, &j, 2);
				if (j < n && s[j] == sep) {
					j++;
					size_t y0 = j;
					y = digits(s, n, &j, 4);
					if (j - y0 == 2 && sep == '.')
						y += 2000;
					else if (j - y0 != 4)
						y = -1;
					/* 03/09/2026 and 03-09-2026 month first in
					 * American English; a first number above 12
					 * is the day's anywhere */
					if ((sep == '/' || sep == '-') && us && a <= 12)
						m = a, d = b;
					else
						d = a, m = b;
				}
			} else if (al <= 2) {
				/* day, month name, year */
				size_t k = skip_fill(NULL, s, n, j);
				bool word = k < n && date_word_may_start((unsigned char)s[k], true);
				for (size_t li = 0; word && li < sizeof date_langs / sizeof date_langs[0] && m < 0; li++) {
					const struct date_lang *l = &date_langs[li];
					size_t k2 = skip_fill(l, s, n, k), len;
					int mm = month_at(l, s + k2, n - k2, &len);
					if (!mm)
						continue;
					size_t k3 = skip_fill(l, s, n, k2 + len), y0 = k3;
					int yy = digits(s, n, &k3, 4);
					if (k3 - y0 == 4) {
						d = a, m = mm, y = yy;
						j = k3;
					}
				}
			}
			/* a timestamp written out, "2022-11-23T08:10+02:00":
			 * ISO 8601 joins the time to the day with a T */
			bool iso_t = y == a && j + 1 < n && s[j] == 'T' &&
				     isdigit((unsigned char)s[j + 1]);
			if (days_ok(y, m, d) && (j >= n || !isalnum((unsigned char)s[j]) || iso_t)) {
				day_str(out, y, m, d);
				return true;
			}
			continue;
		}
		/* month name, day, year */
		if (!date_word_may_start((unsigned char)s[i], false))
			continue;
		for (size_t li = 0; li < sizeof date_langs / sizeof date_langs[0]; li++) {
			const struct date_lang *l = &date_langs[li];
			size_t len;
			int mm = month_at(l, s + i, n - i, &len);
			if (!mm)
				continue;
			size_t k = skip_fill(l, s, n, i + len);
			int dd = digits(s, n, &k, 2);
			if (dd < 0)
				continue;
			if (k + 2 <= n && (!strncmp(s + k, "st", 2) || !strncmp(s + k, "nd", 2) ||
					   !strncmp(s + k, "rd", 2) || !strncmp(s + k, "th", 2)))
				k += 2;
			k = skip_fill(l, s, n, k);
			size_t y0 = k;
			int yy = digits(s, n, &k, 4);
			if (k - y0 == 4 && days_ok(yy, mm, dd) &&
			    (k >= n || !isalnum((unsigned char)s[k]))) {
				day_str(out, yy, mm, dd);
				return true;
			}
		}
	}
	return false;
}

/* The month a URL's path segment s[0..n) names in full or short, in
 * any of the date languages ("october", "Okt"), or 0. */
static int
month_segment(const char *s, size_t n)
{
	for (size_t l = 0; l < sizeof date_langs / sizeof date_langs[0]; l++) {
		size_t len;
		int mo = month_at(&date_langs[l], s, n, &len);
		if (mo && len == n)
			return mo;
	}
	return 0;
}

/* /2019/10/19/, /2019-10-19-, /20191019/ in a URL's path, or the day
 * first, /29-10-2021, as European sites write it, or the month named,
 * /2023/october/03/. */
bool
date_in_url(const char *url, char out[11])
{
	const char *p = url ? strstr(url, "://") : NULL;
	p = p ? strchr(p + 3, '/') : NULL;
	for (; p && *p; p++) {
		if (*p != '/' && *p != '-' && *p != '_' && *p != '~')
			continue;
		const char *s = p + 1;
		size_t n = strlen(s), i = 0, k;
		int y = digits(s, n, &i, 4), m = -1, d = -1;
		if (i == 2 && n >= 10 && s[2] == '-' && s[5] == '-') {
			d = y;
			k = 3;
			m = digits(s, n, &k, 2);
			i = 6;
			y = k == 5 ? digits(s, n, &i, 4) : -1;
			if (i != 10)
				continue;
		} else if (i != 4) {
			continue;
		} else if (i < n && s[i] == '/' && isalpha((unsigned char)s[i + 1])) {
			size_t m0 = ++i, ml = strcspn(s + m0, "/");
			m = month_segment(s + m0, ml);
			i = m0 + ml;
			if (!m || i >= n)
				continue;
			size_t d0 = ++i;
			d = digits(s, n, &i, 2);
			if (i - d0 < 1 || i - d0 > 2)
				continue;
		} else if (i < n && (s[i] == '/' || s[i] == '-')) {
			char sep = s[i++];
			size_t m0 = i;
			m = digits(s, n, &i, 2);
			if (i - m0 != 2 || i >= n || s[i] != sep)
				continue;
			i++;
			size_t d0 = i;
			d = digits(s, n, &i, 2);
			if (i - d0 != 2)
				continue;
		} else if (i + 4 <= n) {
			m = digits(s, n, &i, 2);
			d = digits(s, n, &i, 2);
		}
		if (days_ok(y, m, d) && (i >= n || !isdigit((unsigned char)s[i]))) {
			day_str(out, y, m, d);
			return true;
		}
	}
	return false;
}
