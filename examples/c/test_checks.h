/*
 * What the C test programs share: the tally of checks, one line per check,
 * and the end of a run (a temporary directory removed, the verdict line).
 */
#ifndef INPUTCLICK_TEST_CHECKS_H
#define INPUTCLICK_TEST_CHECKS_H

#include <stdio.h>
#include <stdlib.h>

static int passed, failed;

/* Counts a check and prints "ok - NAME" or "FAIL - NAME: DETAIL". */
static void check(int ok, const char *name, const char *detail) {
    if (ok) {
        passed++;
        printf("ok - %s\n", name);
    } else {
        failed++;
        printf("FAIL - %s%s%s\n", name, detail ? ": " : "", detail ? detail : "");
    }
    fflush(stdout);
}

/* Makes the run's temporary directory from `directory` (a mkdtemp template,
 * filled in) and an empty settings file in it, whose path goes to
 * empty_settings; exits 2 when either cannot be made. */
static void start(char *directory, char *empty_settings, size_t size) {
    FILE *file;
    if (!mkdtemp(directory)) {
        perror("mkdtemp");
        exit(2);
    }
    snprintf(empty_settings, size, "%s/empty.conf", directory);
    if (!(file = fopen(empty_settings, "w"))) {
        perror(empty_settings);
        exit(2);
    }
    fclose(file);
}

/* Removes the run's temporary directory, prints "N passed, M failed" and
 * returns the exit status: 0 when every check passed. */
static int finish(const char *directory) {
    char command[700];
    snprintf(command, sizeof command, "rm -rf '%s'", directory);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", directory);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

#endif
