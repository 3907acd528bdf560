package allocation_test

import "prelaunch/core/infra/pagination"

func pageOf(n int) pagination.Page { return pagination.Page{Page: 1, Limit: n} }
