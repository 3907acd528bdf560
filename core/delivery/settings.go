package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/url"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/sale"
)

// Settings is a company's distribution_settings row: the chain its token lives on and its TGE.
type Settings struct {
	bun.BaseModel `bun:"table:distribution_settings,alias:ds"`

	CompanyID   string     `bun:"company_id,pk,type:uuid"`
	ChainID     int64      `bun:"chain_id,notnull"`
	RPCURL      string     `bun:"rpc_url,notnull"`
	ExplorerURL string     `bun:"explorer_url,notnull"`
	TGEAt       *time.Time `bun:"tge_at"`
	UpdatedAt   time.Time  `bun:"updated_at,notnull,default:current_timestamp"`
}

// VestingSchedule is a vesting_schedules row: a round's schedule, or the token-wide one (RoundID nil).
type VestingSchedule struct {
	bun.BaseModel `bun:"table:vesting_schedules,alias:vs"`

	ID               string          `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	CompanyID        string          `bun:"company_id,type:uuid,notnull"`
	RoundID          *string         `bun:"round_id,type:uuid"`
	TGEUnlockPercent decimal.Decimal `bun:"tge_unlock_percent,type:numeric(5,2),notnull"`
	CliffDays        int64           `bun:"cliff_days,notnull"`
	VestingDays      int64           `bun:"vesting_days,notnull"`
	CreatedAt        time.Time       `bun:"created_at,notnull,default:current_timestamp"`
}

func (v VestingSchedule) schedule() Schedule {
	return Schedule{TGEUnlockBP: v.TGEUnlockPercent.Shift(2).IntPart(), CliffDays: v.CliffDays, VestingDays: v.VestingDays}
}

// Treasury is the wallet the tokens are sent from, as the chain reports it now (amounts in the
// smallest unit: the token's, and the chain's native coin's for gas).
type Treasury struct {
	Address      string
	TokenBalance *big.Int
	GasBalance   *big.Int
}

// Delivery is what has reached one buyer on chain: the amount confirmed (the token's smallest
// unit) and the hash of the last transfer.
type Delivery struct {
	Amount *big.Int
	TxHash string
}

// Service is the admin's distribution settings, the vesting arithmetic over the allocations and
// the claims (Merkle tree, CSV). The transfers are the Distributor's; these hooks are where the
// runtime plugs them in (core/runtime/services.go). A nil hook means "not connected": no
// treasury figures, no wallets, nothing delivered or queued.
type Service struct {
	DB    *bun.DB
	Clock clock.Clock
	Log   *slog.Logger
	// Treasury reads the treasury's address and balances from the chain.
	Treasury func(ctx context.Context, companyID string) (*Treasury, error)
	// Wallets are the buyers' proved wallets that may receive tokens now, by user id
	// (wallet.Deliverable).
	Wallets func(ctx context.Context, db bun.IDB, companyID string, now time.Time) (map[string]string, error)
	// Delivered is what each buyer has received, by user id (the Distributor's confirmed transfers).
	Delivered func(ctx context.Context, db bun.IDB, companyID string) (map[string]Delivery, error)
	// Outstanding is the total of the transfers queued or in flight, not yet confirmed.
	Outstanding func(ctx context.Context, db bun.IDB, companyID string) (*big.Int, error)
}

func (s *Service) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
}

// View is GET /admin/distribution/get.
type View struct {
	Chain     ChainView      `json:"chain"`
	Treasury  TreasuryView   `json:"treasury"`
	TGEAt     *time.Time     `json:"tgeAt"`
	Locked    bool           `json:"locked"`
	Rounds    []RoundRef     `json:"rounds"`
	Schedules []ScheduleView `json:"schedules"`
	Totals    Totals         `json:"totals"`
}

type ChainView struct {
	ChainID      int64  `json:"chainId"`
	RPCURL       string `json:"rpcUrl"`
	ExplorerURL  string `json:"explorerUrl"`
	TokenAddress string `json:"tokenAddress"`
	Decimals     int    `json:"decimals"`
}

// TreasuryView: the figures, or nulls with the reason they are missing.
type TreasuryView struct {
	Address      *string `json:"address"`
	TokenBalance *string `json:"tokenBalance"`
	GasBalance   *string `json:"gasBalance"`
	Reason       *string `json:"reason"`
}

type RoundRef struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Position int    `json:"position"`
}

type ScheduleView struct {
	RoundID          *string         `json:"roundId"`
	TGEUnlockPercent decimal.Decimal `json:"tgeUnlockPercent"`
	CliffDays        int64           `json:"cliffDays"`
	VestingDays      int64           `json:"vestingDays"`
}

// Totals are in the token's smallest unit, as decimal strings.
type Totals struct {
	Allocated string `json:"allocated"`
	Unlocked  string `json:"unlocked"`
	Delivered string `json:"delivered"`
	Queued    string `json:"queued"`
}

// Plan is what the vesting of a company's allocations depends on.
type Plan struct {
	TGEAt       *time.Time
	Decimals    int
	ExplorerURL string
	ByRound     map[string]Schedule
	TokenWide   *Schedule
}

// For is the schedule of an allocation priced by round (nil: a referral or an order without a
// round): the round's, else the token-wide one, else everything at the TGE.
func (p *Plan) For(round *string) Schedule {
	if round != nil {
		if s, ok := p.ByRound[*round]; ok {
			return s
		}
	}
	if p.TokenWide != nil {
		return *p.TokenWide
	}
	return AllAtTGE
}

// Unlocked is base units of q whole tokens unlocked at now under round's schedule, with the
// seconds left until all are (nil while no TGE is set).
func (p *Plan) Unlocked(q *big.Int, round *string, now time.Time) (unlocked, base *big.Int, left *int64) {
	base = Base(q, p.Decimals)
	if p.TGEAt == nil {
		return new(big.Int), base, nil
	}
	s := p.For(round)
	l := TimeLeft(*p.TGEAt, s, now)
	return Unlocked(base, *p.TGEAt, s, now), base, &l
}

// TxURL is the explorer's page of a transaction, "" without an explorer.
func (p *Plan) TxURL(hash string) string {
	if p.ExplorerURL == "" || hash == "" {
		return ""
	}
	return strings.TrimRight(p.ExplorerURL, "/") + "/tx/" + hash
}

func loadSettings(ctx context.Context, db bun.IDB, companyID string) (*Settings, error) {
	st := Settings{CompanyID: companyID}
	err := db.NewSelect().Model(&st).Where("company_id = ?", companyID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return &Settings{CompanyID: companyID}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read distribution settings: %w", err)
	}
	return &st, nil
}

func loadSchedules(ctx context.Context, db bun.IDB, companyID string) ([]VestingSchedule, error) {
	var rows []VestingSchedule
	err := db.NewSelect().Model(&rows).Where("company_id = ?", companyID).
		OrderExpr("round_id IS NOT NULL, created_at, id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read vesting schedules: %w", err)
	}
	return rows, nil
}

// LoadPlan reads the company's TGE, schedules and token decimals.
func LoadPlan(ctx context.Context, db bun.IDB, companyID string) (*Plan, error) {
	st, err := loadSettings(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	rows, err := loadSchedules(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	t, err := sale.ForCompany(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	return planOf(st, rows, t), nil
}

func planOf(st *Settings, rows []VestingSchedule, t *sale.Token) *Plan {
	p := &Plan{TGEAt: st.TGEAt, Decimals: t.Decimals, ExplorerURL: st.ExplorerURL, ByRound: map[string]Schedule{}}
	for _, r := range rows {
		if r.RoundID == nil {
			s := r.schedule()
			p.TokenWide = &s
		} else {
			p.ByRound[*r.RoundID] = r.schedule()
		}
	}
	return p
}

// Get is GET /admin/distribution/get.
func (s *Service) Get(ctx context.Context, companyID string) (*View, error) {
	st, err := loadSettings(ctx, s.DB, companyID)
	if err != nil {
		return nil, err
	}
	return s.view(ctx, s.DB, companyID, st)
}

func (s *Service) view(ctx context.Context, db bun.IDB, companyID string, st *Settings) (*View, error) {
	t, err := sale.ForCompany(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	rounds, err := sale.LoadRounds(ctx, db, t.ID)
	if err != nil {
		return nil, err
	}
	rows, err := loadSchedules(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	v := &View{
		Chain: ChainView{ChainID: st.ChainID, RPCURL: st.RPCURL, ExplorerURL: st.ExplorerURL,
			TokenAddress: t.Address, Decimals: t.Decimals},
		TGEAt: st.TGEAt, Locked: st.TGEAt != nil && !now.Before(*st.TGEAt),
		Rounds: make([]RoundRef, 0, len(rounds)), Schedules: make([]ScheduleView, 0, len(rows)),
	}
	if v.TGEAt != nil {
		u := v.TGEAt.UTC()
		v.TGEAt = &u
	}
	for _, r := range rounds {
		v.Rounds = append(v.Rounds, RoundRef{ID: r.ID, Name: r.Name, Position: r.Position})
	}
	for _, r := range rows {
		v.Schedules = append(v.Schedules, ScheduleView{RoundID: r.RoundID, TGEUnlockPercent: r.TGEUnlockPercent.Round(2),
			CliffDays: r.CliffDays, VestingDays: r.VestingDays})
	}
	v.Treasury = s.treasury(ctx, companyID)
	totals, err := s.totals(ctx, db, companyID, planOf(st, rows, t), now)
	if err != nil {
		return nil, err
	}
	v.Totals = *totals
	return v, nil
}

func (s *Service) treasury(ctx context.Context, companyID string) TreasuryView {
	reason := func(r string) TreasuryView { return TreasuryView{Reason: &r} }
	if s.Treasury == nil {
		return reason("The treasury is not connected to the chain yet.")
	}
	tr, err := s.Treasury(ctx, companyID)
	if err != nil || tr == nil {
		if err != nil {
			s.log().Warn("treasury balance", "company", companyID, "err", err)
		}
		return reason("The chain could not be reached; the treasury's balances are unknown.")
	}
	str := func(b *big.Int) *string {
		if b == nil {
			return nil
		}
		x := b.String()
		return &x
	}
	addr := tr.Address
	return TreasuryView{Address: &addr, TokenBalance: str(tr.TokenBalance), GasBalance: str(tr.GasBalance)}
}

// ChainInput is the chain part of PUT /admin/distribution/update.
type ChainInput struct {
	ChainID      fields.Num `json:"chainId"`
	RPCURL       string     `json:"rpcUrl"`
	ExplorerURL  string     `json:"explorerUrl"`
	TokenAddress string     `json:"tokenAddress"`
	Decimals     fields.Num `json:"decimals"`
}

// ScheduleInput is one schedule of the update: roundId null for the token-wide one.
type ScheduleInput struct {
	RoundID          *string    `json:"roundId"`
	TGEUnlockPercent fields.Num `json:"tgeUnlockPercent"`
	CliffDays        fields.Num `json:"cliffDays"`
	VestingDays      fields.Num `json:"vestingDays"`
}

// UpdateInput is PUT /admin/distribution/update: the whole settings (schedules is the full list;
// a round left out unlocks by the token-wide schedule).
type UpdateInput struct {
	Chain     *ChainInput     `json:"chain"`
	TGEAt     *string         `json:"tgeAt"`
	Schedules []ScheduleInput `json:"schedules"`
}

// MsgFrozen is the 409 of changing what the vesting depends on once the TGE has passed.
const MsgFrozen = "The vesting schedule cannot change after TGE."

const (
	maxDays    = 36500
	maxChainID = 1<<53 - 1 // a JavaScript number's exact range
	maxURL     = 500
)

// Update is PUT /admin/distribution/update. It locks the company's settings row, checks every
// field (422 naming each), refuses (409) a change of the TGE, the schedules or the token contract
// once the TGE has passed, writes, and audits before and after.
func (s *Service) Update(ctx context.Context, actor audit.Actor, in UpdateInput) (*View, error) {
	companyID := actor.CompanyID
	var out *View
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&Settings{CompanyID: companyID}).On("CONFLICT (company_id) DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("insert distribution settings: %w", err)
		}
		var st Settings
		if err := tx.NewSelect().Model(&st).Where("company_id = ?", companyID).For("UPDATE").Scan(ctx); err != nil {
			return fmt.Errorf("lock distribution settings: %w", err)
		}
		before, err := s.view(ctx, tx, companyID, &st)
		if err != nil {
			return err
		}
		now := s.now()
		next, scheds, contract, err := validate(before, in, now)
		if err != nil {
			return err
		}
		if before.Locked && (!sameTime(st.TGEAt, next.TGEAt) || !sameSchedules(before.Schedules, scheds) ||
			contract.TokenAddress != before.Chain.TokenAddress || contract.Decimals != before.Chain.Decimals) {
			return apperr.Conflict("vesting_frozen", MsgFrozen)
		}
		next.CompanyID, next.UpdatedAt = companyID, now
		if _, err := tx.NewUpdate().Model(next).WherePK().Column("chain_id", "rpc_url", "explorer_url", "tge_at", "updated_at").Exec(ctx); err != nil {
			return fmt.Errorf("update distribution settings: %w", err)
		}
		if !sameSchedules(before.Schedules, scheds) {
			if _, err := tx.NewDelete().Model((*VestingSchedule)(nil)).Where("company_id = ?", companyID).Exec(ctx); err != nil {
				return fmt.Errorf("clear vesting schedules: %w", err)
			}
			rows := make([]VestingSchedule, 0, len(scheds))
			for _, sc := range scheds {
				rows = append(rows, VestingSchedule{CompanyID: companyID, RoundID: sc.RoundID, TGEUnlockPercent: sc.TGEUnlockPercent,
					CliffDays: sc.CliffDays, VestingDays: sc.VestingDays, CreatedAt: now})
			}
			if len(rows) > 0 {
				if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
					return fmt.Errorf("insert vesting schedules: %w", err)
				}
			}
		}
		if contract.TokenAddress != before.Chain.TokenAddress || contract.Decimals != before.Chain.Decimals {
			if err := sale.SetContract(ctx, tx, companyID, contract.TokenAddress, contract.Decimals, now); err != nil {
				return err
			}
		}
		after, err := s.view(ctx, tx, companyID, next)
		if err != nil {
			return err
		}
		out = after
		return audit.Write(ctx, tx, actor, "distribution.update", "distribution", companyID, auditOf(before), auditOf(after))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// auditOf is what the log keeps of a view: the settings, not the moving figures.
func auditOf(v *View) map[string]any {
	return map[string]any{"chain": v.Chain, "tgeAt": v.TGEAt, "schedules": v.Schedules}
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(*b)
}

func key(r *string) string {
	if r == nil {
		return ""
	}
	return *r
}

func sameSchedules(a, b []ScheduleView) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]ScheduleView{}
	for _, x := range a {
		m[key(x.RoundID)] = x
	}
	for _, y := range b {
		x, ok := m[key(y.RoundID)]
		if !ok || !x.TGEUnlockPercent.Equal(y.TGEUnlockPercent) || x.CliffDays != y.CliffDays || x.VestingDays != y.VestingDays {
			return false
		}
	}
	return true
}

func parseNum(n fields.Num) (decimal.Decimal, bool) {
	if !n.Set || strings.ContainsAny(n.Raw, "eE") {
		return decimal.Zero, false
	}
	d, err := decimal.NewFromString(n.Raw)
	return d, err == nil
}

// wholeIn reads a whole number within [lo, hi]; ok false after adding the field's error.
func wholeIn(v *apperr.Validation, n fields.Num, lo, hi int64, field, label string) (int64, bool) {
	d, ok := parseNum(n)
	if !n.Set {
		v.Field(label+" is required.", field)
		return 0, false
	}
	if !ok || !d.Equal(d.Truncate(0)) || d.LessThan(decimal.NewFromInt(lo)) || d.GreaterThan(decimal.NewFromInt(hi)) {
		v.Field(fmt.Sprintf("%s must be a whole number from %d to %d.", label, lo, hi), field)
		return 0, false
	}
	return d.IntPart(), true
}

// webURL is "" or an http(s) address with a host.
func webURL(v *apperr.Validation, raw, field, label string) string {
	s := strings.TrimSpace(raw)
	if s == "" {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		len(s) > maxURL || !fields.OneLine(s) || strings.ContainsAny(s, " \t") {
		v.Field(label+" must be an http:// or https:// address.", field)
		return ""
	}
	return s
}

func validate(before *View, in UpdateInput, now time.Time) (*Settings, []ScheduleView, ChainView, error) {
	v := &apperr.Validation{}
	next := &Settings{}
	contract := ChainView{}
	if in.Chain == nil {
		v.Field("The chain settings are required.", "chain")
	} else {
		c := in.Chain
		next.ChainID, _ = wholeIn(v, c.ChainID, 0, maxChainID, "chain.chainId", "Chain ID")
		next.RPCURL = webURL(v, c.RPCURL, "chain.rpcUrl", "RPC URL")
		next.ExplorerURL = webURL(v, c.ExplorerURL, "chain.explorerUrl", "Explorer URL")
		// An address sent back unchanged is kept as stored (a placeholder from before delivery,
		// such as the demo seed's, does not block saving the rest); a new one must be an address.
		if a := strings.TrimSpace(c.TokenAddress); a != "" && a == before.Chain.TokenAddress {
			contract.TokenAddress = a
		} else if a != "" {
			sum, ok := Checksum(a)
			if !ok {
				v.Field("Token address must be 0x and 40 hexadecimal digits (with a valid checksum when mixed case).", "chain.tokenAddress")
			}
			contract.TokenAddress = sum
		}
		d, _ := wholeIn(v, c.Decimals, 0, 36, "chain.decimals", "Decimals")
		contract.Decimals = int(d)
	}
	if in.TGEAt != nil && strings.TrimSpace(*in.TGEAt) != "" {
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(*in.TGEAt))
		switch {
		case err != nil:
			v.Field("TGE must be a date and time (ISO 8601).", "tgeAt")
		case t.Year() > 9999 || t.Year() < 2000:
			v.Field("TGE must be a date and time (ISO 8601).", "tgeAt")
		default:
			t = t.UTC()
			// A new TGE must lie ahead: one in the past would unlock tokens at once, without the
			// warning of a date to come. An unchanged one (already passed) is kept as it is.
			if !before.Locked && !t.After(now) && !sameTime(before.TGEAt, &t) {
				v.Field("TGE must be in the future.", "tgeAt")
			}
			next.TGEAt = &t
		}
	}
	rounds := map[string]bool{}
	for _, r := range before.Rounds {
		rounds[r.ID] = true
	}
	seen := map[string]bool{}
	scheds := make([]ScheduleView, 0, len(in.Schedules))
	if len(in.Schedules) > len(before.Rounds)+1 {
		v.Field("There is one schedule per round and one token-wide, at most.", "schedules")
	}
	for i, sc := range in.Schedules {
		f := fmt.Sprintf("schedules[%d].", i)
		var round *string
		if sc.RoundID != nil && strings.TrimSpace(*sc.RoundID) != "" {
			id := strings.ToLower(strings.TrimSpace(*sc.RoundID))
			if !rounds[id] {
				v.Field("This round is not one of the token's rounds.", f+"roundId")
			}
			round = &id
		}
		if seen[key(round)] {
			v.Field("This round already has a schedule.", f+"roundId")
		}
		seen[key(round)] = true
		pct, ok := parseNum(sc.TGEUnlockPercent)
		switch {
		case !sc.TGEUnlockPercent.Set:
			v.Field("TGE unlock is required.", f+"tgeUnlockPercent")
		case !ok || pct.IsNegative() || pct.GreaterThan(decimal.NewFromInt(100)):
			v.Field("TGE unlock must be a percent from 0 to 100.", f+"tgeUnlockPercent")
		case !pct.Equal(pct.Round(2)):
			v.Field("TGE unlock can have at most 2 decimals.", f+"tgeUnlockPercent")
		}
		cliff, _ := wholeIn(v, sc.CliffDays, 0, maxDays, f+"cliffDays", "Cliff")
		vest, _ := wholeIn(v, sc.VestingDays, 0, maxDays, f+"vestingDays", "Vesting")
		scheds = append(scheds, ScheduleView{RoundID: round, TGEUnlockPercent: pct.Round(2), CliffDays: cliff, VestingDays: vest})
	}
	if err := v.Err(); err != nil {
		return nil, nil, contract, err
	}
	return next, scheds, contract, nil
}

// ChainOf is the chain a company's tokens are delivered on, as the admin set it: its RPC address
// and chain id (empty and 0 while unset).
func ChainOf(ctx context.Context, db bun.IDB, companyID string) (rpcURL string, chainID int64, err error) {
	st, err := loadSettings(ctx, db, companyID)
	if err != nil {
		return "", 0, err
	}
	return st.RPCURL, st.ChainID, nil
}
