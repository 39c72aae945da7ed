// What both native Box2D harnesses share (box2d-casts.c, box2d-segments.c): the clock, reading
// numbers from a case file, failing with a message, and the timing of one case's passes. A harness
// defines BENCH_NAME (its name in messages) before including this.
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
	SAMPLES = 7,
};

static volatile float sink;

static double now( void )
{
	struct timespec ts;
	clock_gettime( CLOCK_MONOTONIC, &ts );
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void fail( const char* what, const char* where )
{
	fprintf( stderr, "%s: %s: %s\n", BENCH_NAME, where, what );
	exit( 2 );
}

static double number( char** p, const char* file )
{
	char* end;
	double v = strtod( *p, &end );
	if ( end == *p )
		fail( "expected a number", file );
	*p = end;
	return v;
}

// Opens a case file and reads its first line (the header) into `line`, without its line end.
static FILE* openCase( const char* file, char* line, int size )
{
	FILE* f = fopen( file, "r" );
	if ( !f )
		fail( "cannot open", file );
	if ( !fgets( line, size, f ) )
		fail( "empty file", file );
	line[strcspn( line, "\r\n" )] = 0;
	return f;
}

static int ascending( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

// One pass over a case's `n` calls: a sum that keeps the calls from being optimised away, and the
// number of hits in `hits`.
typedef float ( *BenchPass )( const void* c, int* hits );

// Times `pass` on a case of `n` calls: warms up while finding how many passes fill `target`
// seconds, then takes SAMPLES samples of that many; the median and the fastest, in ns a call.
static void timePasses( BenchPass pass, const void* c, int n, double target, double* median, double* fastest, int* hits )
{
	float acc = 0.0f;
	long reps = 1;
	for ( ;; )
	{
		double t0 = now();
		for ( long r = 0; r < reps; ++r )
			acc += pass( c, hits );
		double dt = now() - t0;
		if ( dt > target / 4 )
		{
			reps = (long)ceil( (double)reps * target / dt );
			break;
		}
		reps *= 2;
	}
	double ns[SAMPLES];
	for ( int s = 0; s < SAMPLES; ++s )
	{
		double t0 = now();
		for ( long r = 0; r < reps; ++r )
			acc += pass( c, hits );
		ns[s] = ( now() - t0 ) * 1e9 / ( (double)reps * n );
	}
	sink = acc;
	qsort( ns, SAMPLES, sizeof ns[0], ascending );
	*median = ns[SAMPLES / 2];
	*fastest = ns[0];
}

#endif
