package reconcile

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"golang.org/x/sync/errgroup"

	"prelaunch/core/audit"
	"prelaunch/core/bank"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/infra/pgerr"
	"prelaunch/core/purchase"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// The statuses of a credit line (and UNREADABLE: an amount that cannot be read
// without doubt, see ReadAmount).
const (
	StatusMatched        = "MATCHED"
	StatusAmountMismatch = "AMOUNT_MISMATCH"
	StatusDecided        = "DECIDED"
	StatusNotFound       = "NOT_FOUND"
	StatusNoUTR          = "NO_UTR"
	StatusRepeated       = "REPEATED"
	StatusUnreadable     = "UNREADABLE"
)

var statuses = []string{StatusMatched, StatusAmountMismatch, StatusDecided, StatusNotFound, StatusNoUTR, StatusRepeated, StatusUnreadable}

// Service imports statements, lists them and approves their matches.
type Service struct {
	DB        *bun.DB
	Purchases *purchase.Service
	Log       *slog.Logger
	// Workers is how many approvals of one bulk approval run at once (default 8: each is a short
	// transaction, mostly waiting on Postgres round trips and commits).
	Workers int
	// PIIKey (PII_KEY) compares a statement's payer account with the buyer's verified one by its
	// keyed hash (core/bank keeps no account number whole).
	PIIKey []byte
}

// Import is one imported statement (table reconcile_imports).
type Import struct {
	bun.BaseModel `bun:"table:reconcile_imports,alias:ri"`

	ID             string    `bun:"id,pk,type:uuid,default:gen_random_uuid()" json:"id"`
	CompanyID      string    `bun:"company_id,type:uuid,notnull" json:"-"`
	AdminID        *string   `bun:"admin_id,type:uuid" json:"-"`
	AdminName      string    `bun:"admin_name,notnull" json:"importedBy"`
	FileName       string    `bun:"file_name,notnull" json:"fileName"`
	SHA256         string    `bun:"sha256,notnull" json:"-"`
	Lines          int       `bun:"lines,notnull" json:"lines"`
	Credits        int       `bun:"credits,notnull" json:"credits"`
	Matched        int       `bun:"matched,notnull" json:"matched"`
	AmountMismatch int       `bun:"amount_mismatch,notnull" json:"amountMismatch"`
	Decided        int       `bun:"decided,notnull" json:"decided"`
	NotFound       int       `bun:"not_found,notnull" json:"notFound"`
	NoUTR          int       `bun:"no_utr,notnull" json:"noUtr"`
	Repeated       int       `bun:"repeated,notnull" json:"repeated"`
	Unreadable     int       `bun:"unreadable,notnull" json:"unreadable"`
	ToApprove      int       `bun:"to_approve,scanonly" json:"toApprove"`
	CreatedAt      time.Time `bun:"created_at,notnull,default:current_timestamp" json:"createdAt"`
}

// StoredLine is one credit line (table reconcile_lines).
type StoredLine struct {
	bun.BaseModel `bun:"table:reconcile_lines,alias:rl"`

	ImportID    string              `bun:"import_id,pk,type:uuid"`
	LineNo      int                 `bun:"line_no,pk"`
	CompanyID   string              `bun:"company_id,type:uuid,notnull"`
	Date        time.Time           `bun:"date,type:date,notnull"`
	Description string              `bun:"description,notnull"`
	UTR         *string             `bun:"utr"`
	Credit      decimal.NullDecimal `bun:"credit,type:numeric(18,2)"` // NULL for an UNREADABLE line
	MatchStatus string              `bun:"match_status,notnull"`
	Note        string              `bun:"note,notnull"`
	PurchaseID  *string             `bun:"purchase_id,type:uuid"`
}

func (im *Import) count(status string) *int {
	switch status {
	case StatusMatched:
		return &im.Matched
	case StatusAmountMismatch:
		return &im.AmountMismatch
	case StatusDecided:
		return &im.Decided
	case StatusNotFound:
		return &im.NotFound
	case StatusNoUTR:
		return &im.NoUTR
	case StatusUnreadable:
		return &im.Unreadable
	default:
		return &im.Repeated
	}
}

func errImportNotFound() error { return apperr.NotFound("import_not_found", "Import not found.") }

var ist = clock.IST

// Import parses a statement, matches its credits within the company and stores it with its
// lines, all or nothing. The same file again (by SHA-256) is a 409 naming the earlier import.
func (s *Service) Import(ctx context.Context, actor audit.Actor, companyID, fileName string, data []byte) (*Import, error) {
	unlock, err := s.lockImports(ctx, companyID)
	if err != nil {
		return nil, err
	}
	defer unlock()
	fileName = cleanName(fileName)
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	if err := s.refuseDuplicate(ctx, s.DB, companyID, sha); err != nil {
		return nil, err
	}
	st, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if len(st.Credits) == 0 {
		return nil, apperr.Invalid("statement_no_credits", "The statement has no credit lines.")
	}
	im := &Import{CompanyID: companyID, FileName: fileName, SHA256: sha, Lines: st.Lines, Credits: len(st.Credits)}
	if actor.ID != "" {
		im.AdminID = &actor.ID
		name, _, err := user.NameAndEmail(ctx, s.DB, actor.ID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("load admin: %w", err)
		}
		im.AdminName = name
	}
	// The lines are made twice, once to count them (the import row goes first, with its counts)
	// and again a batch at a time to store them, so that a 100,000-line statement is not held
	// twice (as credits and as lines) while it is stored.
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.matcher(ctx, tx, companyID, st.Credits)
		if err != nil {
			return err
		}
		for _, c := range st.Credits {
			*im.count(m.line(c).MatchStatus)++
		}
		m.restart()
		if _, err := tx.NewInsert().Model(im).Returning("id, created_at").Exec(ctx); err != nil {
			if pgerr.UniqueViolation(err) == "reconcile_imports_company_sha_key" {
				// the transaction is aborted; the other import has committed
				if err := s.refuseDuplicate(ctx, s.DB, companyID, sha); err != nil {
					return err
				}
				return apperr.Conflict("statement_duplicate", "This statement was already imported.")
			}
			return fmt.Errorf("insert import: %w", err)
		}
		const batch = 2000
		part := make([]StoredLine, 0, batch)
		for i := 0; i < len(st.Credits); i += batch {
			part = part[:0]
			for _, c := range st.Credits[i:min(i+batch, len(st.Credits))] {
				l := m.line(c)
				l.ImportID = im.ID
				part = append(part, l)
			}
			if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
				return fmt.Errorf("insert lines: %w", err)
			}
		}
		return audit.Write(ctx, tx, actor, "reconcile.import", "reconcile_import", im.ID, nil, map[string]any{
			"fileName": im.FileName, "sha256": sha, "lines": im.Lines, "credits": im.Credits, "matched": im.Matched})
	})
	if err != nil {
		return nil, err
	}
	if err := s.toApprove(ctx, []*Import{im}); err != nil {
		return nil, err
	}
	return im, nil
}

// importLockKey is the first key of the advisory lock one company's imports take (the second is
// the company's id hashed).
const importLockKey = 7262120

// lockImports takes the company's import lock, held by a connection of its own until the import
// ends (every process of the deployment shares it, through Postgres): one import at a time per
// company, so parallel statements cannot multiply the memory one import uses. Taken: 409.
func (s *Service) lockImports(ctx context.Context, companyID string) (func(), error) {
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("import lock: %w", err)
	}
	var got bool
	if err := conn.NewRaw("SELECT pg_try_advisory_lock(?, hashtext(?))", importLockKey, companyID).Scan(ctx, &got); err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("import lock: %w", err)
	}
	if !got {
		_ = conn.Close()
		return nil, apperr.Conflict("import_running", "An import is already running.")
	}
	return func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(?, hashtext(?))", importLockKey, companyID)
		_ = conn.Close()
	}, nil
}

func (s *Service) refuseDuplicate(ctx context.Context, db bun.IDB, companyID, sha string) error {
	var prev Import
	err := db.NewSelect().Model(&prev).Column("id", "file_name", "created_at").
		Where("company_id = ?", companyID).Where("sha256 = ?", sha).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find earlier import: %w", err)
	}
	return apperr.Conflict("statement_duplicate", fmt.Sprintf("This statement was already imported on %s as “%s”.",
		prev.CreatedAt.In(ist).Format("2 Jan 2006 at 15:04 IST"), prev.FileName))
}

func cleanName(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, strings.ToValidUTF8(name, ""))
	if r := []rune(name); len(r) > 200 {
		name = string(r[:200])
	}
	if name == "" {
		name = "statement"
	}
	return name
}

// candidate is the purchase a credit's reference points at (purchase.MatchReferences).
type candidate = purchase.RefMatch

type earlier struct {
	UTR       string          `bun:"utr"`
	Credit    decimal.Decimal `bun:"credit"`
	FileName  string          `bun:"file_name"`
	CreatedAt time.Time       `bun:"created_at"`
}

// matcher gives each credit its status (line), in the statement's order: it holds the company's
// purchases with the credits' references and the earlier imports' lines with them (one query
// each), and the UTR and amount of every line already given, for the repeats within the file.
type matcher struct {
	companyID string
	byRef     map[string]candidate
	before    map[string]earlier
	inFile    map[string]int
}

func (s *Service) matcher(ctx context.Context, tx bun.Tx, companyID string, credits []Line) (*matcher, error) {
	seen := map[string]bool{}
	var utrs []string
	for _, c := range credits {
		if c.UTR != "" && c.Unreadable == "" && !seen[c.UTR] {
			seen[c.UTR] = true
			utrs = append(utrs, c.UTR)
		}
	}
	byRef := map[string]candidate{}
	before := map[string]earlier{}
	if len(utrs) > 0 {
		// The PENDING purchase with the reference first, then an approved one, then the newest.
		cands, err := purchase.MatchReferences(ctx, tx, companyID, utrs)
		if err != nil {
			return nil, err
		}
		for _, c := range cands {
			byRef[c.Norm] = c
		}
		var prev []earlier
		if err := tx.NewRaw(`SELECT DISTINCT ON (l.utr, l.credit) l.utr, l.credit, i.file_name, i.created_at
		  FROM reconcile_lines l JOIN reconcile_imports i ON i.id = l.import_id
		 WHERE l.company_id = ? AND l.utr IN (SELECT unnest(?::text[])) AND l.credit IS NOT NULL
		 ORDER BY l.utr, l.credit, i.created_at`, companyID, pgdialect.Array(utrs)).Scan(ctx, &prev); err != nil {
			return nil, fmt.Errorf("find repeated lines: %w", err)
		}
		for _, p := range prev {
			before[p.UTR+"|"+p.Credit.StringFixed(2)] = p
		}
	}
	return &matcher{companyID: companyID, byRef: byRef, before: before, inFile: map[string]int{}}, nil
}

// restart forgets the lines given, to give them again from the statement's first.
func (m *matcher) restart() { clear(m.inFile) }

// line is credit c's line, its status and note; the credits are given in the statement's order.
func (m *matcher) line(c Line) StoredLine {
	l := StoredLine{LineNo: c.Row, CompanyID: m.companyID, Date: c.Date, Description: c.Description,
		Credit: decimal.NewNullDecimal(c.Credit)}
	if c.Unreadable != "" {
		// shown, never matched: "10,20" may be ₹1,020 or ₹10.20
		l.Credit = decimal.NullDecimal{}
		if c.UTR != "" {
			utr := c.UTR
			l.UTR = &utr
		}
		l.MatchStatus = StatusUnreadable
		l.Note = fmt.Sprintf("The amount “%s” cannot be read without doubt (a decimal comma, more than two decimals, "+
			"an unknown grouping or too large): it is not matched; check it in the bank's records.", c.Unreadable)
		return l
	}
	if c.UTR == "" {
		l.MatchStatus, l.Note = StatusNoUTR, "No UTR in the reference or the narration."
		return l
	}
	utr := c.UTR
	l.UTR = &utr
	k := c.UTR + "|" + c.Credit.StringFixed(2)
	if p, ok := m.before[k]; ok {
		l.MatchStatus = StatusRepeated
		l.Note = fmt.Sprintf("The same UTR and amount came in “%s”, imported on %s.", p.FileName, p.CreatedAt.In(ist).Format("2 Jan 2006"))
	} else if row, ok := m.inFile[k]; ok {
		l.MatchStatus = StatusRepeated
		l.Note = fmt.Sprintf("The same UTR and amount came earlier in this statement, at line %d.", row)
	} else if p, ok := m.byRef[c.UTR]; ok {
		id := p.ID
		l.PurchaseID = &id
		switch {
		case p.Status != purchase.StatusPending:
			l.MatchStatus = StatusDecided
			l.Note = fmt.Sprintf("Purchase %s is already %s.", p.OrderNumber, strings.ToLower(p.Status))
		case p.FinalAmount.Equal(c.Credit):
			l.MatchStatus = StatusMatched
		default:
			l.MatchStatus = StatusAmountMismatch
			l.Note = fmt.Sprintf("The credit is %s; purchase %s's final amount is %s.", sale.Rupees(c.Credit), p.OrderNumber, sale.Rupees(p.FinalAmount))
		}
	} else {
		l.MatchStatus, l.Note = StatusNotFound, "No purchase of this company has this reference number."
	}
	if _, ok := m.inFile[k]; !ok {
		m.inFile[k] = c.Row
	}
	return l
}

// toApprove fills each import's count of MATCHED lines whose purchase is PENDING now.
func (s *Service) toApprove(ctx context.Context, ims []*Import) error {
	if len(ims) == 0 {
		return nil
	}
	ids := make([]string, len(ims))
	for i, im := range ims {
		ids[i] = im.ID
	}
	var rows []struct {
		ImportID   string `bun:"import_id"`
		PurchaseID string `bun:"purchase_id"`
	}
	if err := s.DB.NewRaw(`SELECT l.import_id, l.purchase_id
		  FROM reconcile_lines l
		 WHERE l.import_id = ANY(?::uuid[]) AND l.match_status = 'MATCHED' AND l.purchase_id IS NOT NULL`,
		pgdialect.Array(ids)).Scan(ctx, &rows); err != nil {
		return fmt.Errorf("count matches to approve: %w", err)
	}
	pids := make([]string, 0, len(rows))
	for _, r := range rows {
		pids = append(pids, r.PurchaseID)
	}
	briefs, err := purchase.Briefs(ctx, s.DB, pids)
	if err != nil {
		return fmt.Errorf("count matches to approve: %w", err)
	}
	n := map[string]int{}
	for _, r := range rows {
		if b, ok := briefs[r.PurchaseID]; ok && b.Status == purchase.StatusPending {
			n[r.ImportID]++
		}
	}
	for _, im := range ims {
		im.ToApprove = n[im.ID]
	}
	return nil
}

// List is the company's imports, newest first.
func (s *Service) List(ctx context.Context, companyID, page, limit string) (pagination.List[*Import], error) {
	pg, err := pagination.Parse(page, limit, pagination.DefaultLimit)
	if err != nil {
		return pagination.List[*Import]{}, err
	}
	var ims []*Import
	total, err := s.DB.NewSelect().Model(&ims).Where("company_id = ?", companyID).
		OrderExpr("created_at DESC, id DESC").Limit(int64(pg.Limit)).Offset(int64(pg.Offset())).ScanAndCount(ctx)
	if err != nil {
		return pagination.List[*Import]{}, fmt.Errorf("list imports: %w", err)
	}
	if err := s.toApprove(ctx, ims); err != nil {
		return pagination.List[*Import]{}, err
	}
	return pagination.NewList(ims, int(total), pg), nil
}

// LineUser is the buyer of a line's purchase.
type LineUser struct {
	Name         string `json:"name"`
	ReferralCode string `json:"referralCode"`
}

// LinePurchase is the purchase a line names, as it is now.
type LinePurchase struct {
	ID          string          `json:"id"`
	OrderNumber string          `json:"orderNumber"`
	Status      string          `json:"status"`
	FinalAmount decimal.Decimal `json:"finalAmount"`
	User        LineUser        `json:"user"`
}

// LineView is one line as reconcile/get shows it.
type LineView struct {
	LineNo      int              `json:"lineNo"`
	Date        string           `json:"date"`
	Description string           `json:"description"`
	UTR         *string          `json:"utr"`
	Credit      *decimal.Decimal `json:"credit"` // null for an UNREADABLE line
	MatchStatus string           `json:"matchStatus"`
	Note        string           `json:"note"`
	Purchase    *LinePurchase    `json:"purchase"`
	// Warnings: the payer in the description is not the buyer's verified bank account (payer.go).
	Warnings []string `json:"warnings"`
}

// Detail is reconcile/get's answer.
type Detail struct {
	Import *Import                   `json:"import"`
	Lines  pagination.List[LineView] `json:"lines"`
}

func (s *Service) load(ctx context.Context, companyID, id string) (*Import, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, apperr.Invalid("id_required", "id is required.")
	}
	if !fields.UUID(id) {
		return nil, errImportNotFound()
	}
	im := new(Import)
	err := s.DB.NewSelect().Model(im).Where("id = ?", id).Where("company_id = ?", companyID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errImportNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("load import: %w", err)
	}
	return im, nil
}

// Get is one import of the company and a page of its lines, optionally of one status.
func (s *Service) Get(ctx context.Context, companyID, id, status, page, limit string) (*Detail, error) {
	im, err := s.load(ctx, companyID, id)
	if err != nil {
		return nil, err
	}
	status = strings.ToUpper(strings.TrimSpace(status))
	if status != "" && !contains(statuses, status) {
		return nil, apperr.Invalid("bad_status", "status must be one of MATCHED, AMOUNT_MISMATCH, DECIDED, NOT_FOUND, NO_UTR, REPEATED or UNREADABLE.")
	}
	pg, err := pagination.Parse(page, limit, pagination.DefaultLimit)
	if err != nil {
		return nil, err
	}
	if err := s.toApprove(ctx, []*Import{im}); err != nil {
		return nil, err
	}
	var rows []StoredLine
	q := s.DB.NewSelect().Model(&rows).ColumnExpr("rl.*").
		Where("rl.import_id = ?", im.ID)
	total := im.Credits
	if status != "" {
		q = q.Where("rl.match_status = ?", status)
		total = *im.count(status)
	}
	if err := q.OrderExpr("rl.line_no").Limit(int64(pg.Limit)).Offset(int64(pg.Offset())).Scan(ctx); err != nil {
		return nil, fmt.Errorf("list lines: %w", err)
	}
	var pids []string
	for _, r := range rows {
		if r.PurchaseID != nil {
			pids = append(pids, *r.PurchaseID)
		}
	}
	briefs, err := purchase.Briefs(ctx, s.DB, pids)
	if err != nil {
		return nil, fmt.Errorf("list lines: %w", err)
	}
	uids := make([]string, 0, len(briefs))
	for _, b := range briefs {
		uids = append(uids, b.UserID)
	}
	buyers, err := user.Names(ctx, s.DB, uids)
	if err != nil {
		return nil, fmt.Errorf("list lines: %w", err)
	}
	accounts, err := bank.ForUsers(ctx, s.DB, uids)
	if err != nil {
		return nil, fmt.Errorf("list lines: %w", err)
	}
	views := make([]LineView, len(rows))
	for i, r := range rows {
		v := LineView{LineNo: r.LineNo, Date: r.Date.Format("2006-01-02"), Description: r.Description, UTR: r.UTR,
			MatchStatus: r.MatchStatus, Note: r.Note, Warnings: []string{}}
		if r.Credit.Valid {
			c := r.Credit.Decimal
			v.Credit = &c
		}
		if r.PurchaseID != nil {
			if p, ok := briefs[*r.PurchaseID]; ok {
				u := buyers[p.UserID]
				v.Purchase = &LinePurchase{ID: *r.PurchaseID, OrderNumber: p.OrderNumber, Status: p.Status,
					FinalAmount: p.FinalAmount, User: LineUser{Name: u.Name, ReferralCode: u.ReferralCode}}
				if a, ok := accounts[p.UserID]; ok {
					utr := ""
					if r.UTR != nil {
						utr = *r.UTR
					}
					v.Warnings = payerWarnings(r.Description, utr, &a, s.PIIKey)
				}
			}
		}
		views[i] = v
	}
	return &Detail{Import: im, Lines: pagination.NewList(views, total, pg)}, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// ApproveResult is what a bulk approval did.
type ApproveResult struct {
	Approved int `json:"approved"`
	Skipped  int `json:"skipped"`
}

// Approve approves every MATCHED purchase of the import still PENDING, each through
// purchase.Service.ApproveImported: the same conditional transition as an admin's click, so a
// purchase decided meanwhile (or by an earlier call) is skipped and has no second effect.
func (s *Service) Approve(ctx context.Context, actor audit.Actor, companyID, id string) (ApproveResult, error) {
	var res ApproveResult
	im, err := s.load(ctx, companyID, id)
	if err != nil {
		return res, err
	}
	var matched []string
	if err := s.DB.NewRaw(`SELECT DISTINCT l.purchase_id
		  FROM reconcile_lines l
		 WHERE l.import_id = ? AND l.match_status = 'MATCHED' AND l.purchase_id IS NOT NULL`, im.ID).Scan(ctx, &matched); err != nil {
		return res, fmt.Errorf("load matches: %w", err)
	}
	briefs, err := purchase.Briefs(ctx, s.DB, matched)
	if err != nil {
		return res, fmt.Errorf("load matches: %w", err)
	}
	var targets []struct {
		PurchaseID string
		Pending    bool
	}
	for _, id := range matched {
		if b, ok := briefs[id]; ok {
			targets = append(targets, struct {
				PurchaseID string
				Pending    bool
			}{id, b.Status == purchase.StatusPending})
		}
	}
	var mu sync.Mutex
	workers := s.Workers
	if workers <= 0 {
		workers = 8
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for _, t := range targets {
		if !t.Pending {
			mu.Lock()
			res.Skipped++
			mu.Unlock()
			continue
		}
		g.Go(func() error {
			_, err := s.Purchases.ApproveImported(gctx, actor, companyID, t.PurchaseID, im.ID)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				res.Approved++
			case apperr.Is(err, apperr.KindConflict) || apperr.Is(err, apperr.KindNotFound):
				res.Skipped++ // decided meanwhile
			default:
				return err
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return res, err
	}
	return res, nil
}
