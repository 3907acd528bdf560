package purchase

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/pagination"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// GlobalRow is one row of 'Global Stock Details': the company's APPROVED purchases ranked by
// quantity (largest first; ties by earlier purchase).
type GlobalRow struct {
	Rank            int             `json:"rank"`
	WalletAddress   string          `json:"walletAddress"`
	MemberID        string          `json:"memberId"`
	Quantity        decimal.Decimal `json:"quantity"`
	TransactionHash string          `json:"transactionHash"`
	CreatedAt       string          `json:"createdAt"`
	TimeLeft        *int64          `json:"timeLeft"`
}

// MyRow is one row of 'My Stock Details': the caller's APPROVED purchases (kind "purchase",
// reward 0) and the referral rewards credited to the caller (kind "referral": quantity = reward =
// the tokens credited, memberId = the referred buyer, transactionHash = their purchase).
type MyRow struct {
	Kind            string          `json:"kind"`
	MemberID        string          `json:"memberId"`
	Quantity        decimal.Decimal `json:"quantity"`
	TransactionHash string          `json:"transactionHash"`
	CreatedAt       string          `json:"createdAt"`
	Reward          decimal.Decimal `json:"reward"`
	TimeLeft        *int64          `json:"timeLeft"`
}

// timeLeft is the seconds until the token's launch (its unlock), or nil when no launch is set.
func (s *Service) timeLeft(ctx context.Context, companyID string) (*int64, error) {
	var t sale.Token
	err := s.DB.NewSelect().Model(&t).Column("launch_at").Where("company_id = ?", companyID).Limit(1).Scan(ctx)
	if err != nil || t.LaunchAt == nil {
		return nil, nil
	}
	left := int64(t.LaunchAt.Sub(s.Clock.Now()).Seconds())
	if left < 0 {
		left = 0
	}
	return &left, nil
}

// GlobalStock lists the company's APPROVED purchases ranked by quantity.
func (s *Service) GlobalStock(ctx context.Context, b user.Buyer, pg pagination.Page) (pagination.List[GlobalRow], error) {
	var rows []struct {
		Quantity      decimal.Decimal `bun:"quantity"`
		TransactionID string          `bun:"transaction_id"`
		CreatedAt     time.Time       `bun:"created_at"`
		Wallet        string          `bun:"wallet_address"`
		Code          string          `bun:"referral_code"`
	}
	q := s.DB.NewSelect().TableExpr("purchases AS p").Join("JOIN users AS u ON u.id = p.user_id").
		ColumnExpr("p.quantity, p.transaction_id, p.created_at, u.wallet_address, u.referral_code").
		Where("p.company_id = ?", b.CompanyID).Where("p.status = ?", StatusApproved)
	total, err := q.Count(ctx)
	if err != nil {
		return pagination.List[GlobalRow]{}, err
	}
	err = q.OrderExpr("p.quantity DESC, p.created_at ASC, p.id ASC").Limit(int64(pg.Limit)).Offset(int64(pg.Offset())).Scan(ctx, &rows)
	if err != nil {
		return pagination.List[GlobalRow]{}, err
	}
	left, _ := s.timeLeft(ctx, b.CompanyID)
	out := make([]GlobalRow, 0, len(rows))
	for i, r := range rows {
		member := user.MaskMemberID(r.Code)
		wallet := r.Wallet
		if wallet == "" {
			wallet = member
		}
		out = append(out, GlobalRow{Rank: pg.Offset() + i + 1, WalletAddress: wallet, MemberID: member,
			Quantity: r.Quantity, TransactionHash: r.TransactionID, CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339),
			TimeLeft: left})
	}
	return pagination.NewList(out, int(total), pg), nil
}

// MyStock lists the caller's APPROVED purchases and referral rewards, newest first.
func (s *Service) MyStock(ctx context.Context, b user.Buyer, pg pagination.Page) (pagination.List[MyRow], error) {
	const union = `
	SELECT 'purchase' AS kind, u.referral_code AS member, p.quantity, p.transaction_id AS hash, p.created_at, 0::numeric AS reward, p.id::text AS rid
	  FROM purchases p JOIN users u ON u.id = p.user_id
	 WHERE p.user_id = ?0 AND p.company_id = ?1 AND p.status = 'APPROVED'
	UNION ALL
	SELECT 'referral', ru.referral_code, rr.quantity, p.transaction_id, rr.created_at, rr.quantity, rr.id::text
	  FROM referral_rewards rr JOIN purchases p ON p.id = rr.purchase_id JOIN users ru ON ru.id = rr.referred_user_id
	 WHERE rr.referrer_id = ?0 AND rr.company_id = ?1`
	var total int
	if err := s.DB.NewRaw("SELECT count(*) FROM ("+union+") x", b.UserID, b.CompanyID).Scan(ctx, &total); err != nil {
		return pagination.List[MyRow]{}, err
	}
	var rows []struct {
		Kind      string          `bun:"kind"`
		Member    string          `bun:"member"`
		Quantity  decimal.Decimal `bun:"quantity"`
		Hash      string          `bun:"hash"`
		CreatedAt time.Time       `bun:"created_at"`
		Reward    decimal.Decimal `bun:"reward"`
	}
	err := s.DB.NewRaw("SELECT kind, member, quantity, hash, created_at, reward FROM ("+union+") x ORDER BY created_at DESC, rid DESC LIMIT ?2 OFFSET ?3",
		b.UserID, b.CompanyID, pg.Limit, pg.Offset()).Scan(ctx, &rows)
	if err != nil {
		return pagination.List[MyRow]{}, err
	}
	left, _ := s.timeLeft(ctx, b.CompanyID)
	out := make([]MyRow, 0, len(rows))
	for _, r := range rows {
		member := r.Member
		if r.Kind == "referral" {
			member = user.MaskMemberID(member)
		}
		out = append(out, MyRow{Kind: r.Kind, MemberID: member, Quantity: r.Quantity, TransactionHash: r.Hash,
			CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339), Reward: r.Reward, TimeLeft: left})
	}
	return pagination.NewList(out, total, pg), nil
}
