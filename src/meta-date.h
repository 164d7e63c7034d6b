/* meta-date.h - what meta.c reads of dates besides meta.h's
 * extract_date_iso() and extract_date_text(): the day in a page's
 * address. */
#ifndef PITH_META_DATE_H
#define PITH_META_DATE_H

#include <stdbool.h>
#include <stddef.h>

/* /2019/10/19/, /2019-10-19-, /20191019/ in a URL's path, or the day
 * first, /29-10-2021, as European sites write it. */
bool date_in_url(const char *url, char out[11]);

/* Is s[0..n) as a whole a month's name in a language pith reads dates
 * in ("March", "Okt.")? */
bool month_word(const char *s, size_t n);
#endif
