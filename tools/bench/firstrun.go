package main

// firstRun is the first scale run (2026-11-21 16:05 UTC, before the performance fixes): req/s, p99 ms.
var firstRun = map[string][2]float64{
	"bare Fiber JSON route (ceiling)":                    {17903, 30.21},
	"user package/price/get":                             {3079, 89.54},
	"user auth/profile/get":                              {1, 27425.06},
	"user transaction/list page 1 (5,000 rows)":          {517, 267.03},
	"user transaction/list page 200":                     {423, 301.28},
	"admin auth/list search \"reddy 4242\"":              {200, 693.61},
	"admin auth/list (no filter)":                        {37, 2878.37},
	"admin transaction/list PENDING search \"user4242\"": {4, 16468.83},
	"admin dashboard/get":                                {4, 14686.89},
	"user auth/login (bcrypt cost 12)":                   {2, 3163.15},
	"order → purchase → approve cycle":                   {126, 1834.48},
}
