// Package wallet owns each buyer's wallet: an EVM address the buyer proved is theirs by signing a
// one-time message (EIP-191 personal_sign) with its key. Tokens are delivered only to a proved
// wallet, and only from its deliverableFrom: at once for a buyer's first wallet, 24 hours after a
// replacement (which needs the buyer's password and is emailed to them), so a stolen session
// cannot redirect a delivery unnoticed.
//
// The one-time messages ("challenges") live in Redis, one per buyer, for ChallengeTTL; a verify
// consumes the one it checked with an atomic compare-and-delete, so two verifies of one message
// cannot both succeed.
package wallet

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/user"
)

// ChallengeTTL is how long a message to sign stays valid.
const ChallengeTTL = 10 * time.Minute

// ReplacementDelay is how long after a replacement its wallet starts to receive deliveries.
const ReplacementDelay = 24 * time.Hour

// AddressSQL is the proved wallet of the user aliased u (” when none), for the lists that show a
// buyer's wallet (masked with Mask unless it is the reader's own).
const AddressSQL = "COALESCE((SELECT w.address FROM wallets AS w WHERE w.user_id = u.id), '')"

// Wallet is a buyer's proved wallet (one row per buyer).
type Wallet struct {
	bun.BaseModel `bun:"table:wallets,alias:w"`

	UserID          string    `bun:"user_id,pk,type:uuid"`
	CompanyID       string    `bun:"company_id,type:uuid,notnull"`
	Address         string    `bun:"address,notnull"`
	VerifiedAt      time.Time `bun:"verified_at,notnull"`
	DeliverableFrom time.Time `bun:"deliverable_from,notnull"`
	CreatedAt       time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt       time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}

// View is the buyer's wallet as wallet/get and wallet/verify answer it: the whole address (it is
// the reader's own), nulls when none is proved.
type View struct {
	Address         *string    `json:"address"`
	VerifiedAt      *time.Time `json:"verifiedAt"`
	DeliverableFrom *time.Time `json:"deliverableFrom"`
}

func viewOf(w *Wallet) *View {
	if w == nil {
		return &View{}
	}
	a, v, d := w.Address, w.VerifiedAt.UTC(), w.DeliverableFrom.UTC()
	return &View{Address: &a, VerifiedAt: &v, DeliverableFrom: &d}
}

// Buyer identifies the caller: a buyer of one company.
type Buyer struct {
	UserID    string
	CompanyID string
}

// Site is the company whose site the buyer uses, as the message and the email name it.
type Site struct {
	Host    string // the request's host, named in the message
	Name    string // the company's name
	Brand   string // the token's name, for the email
	URL     string // the buyer site, linked from the email
	ReplyTo string
}

// Confirmer checks a signed-in buyer's current password (user.Service.ConfirmBuyer), with the
// account's password-attempt limits.
type Confirmer interface {
	ConfirmBuyer(ctx context.Context, userID, companyID, password string) error
}

// Service is the wallet use cases.
type Service struct {
	DB      *bun.DB
	Redis   *redis.Client
	Tasks   tasks.Enqueuer
	Clock   clock.Clock
	Log     *slog.Logger
	Confirm Confirmer
}

// Get is the buyer's proved wallet (nulls when none).
func (s *Service) Get(ctx context.Context, b Buyer) (*View, error) {
	w, err := load(ctx, s.DB, b, false)
	if err != nil {
		return nil, err
	}
	return viewOf(w), nil
}

func load(ctx context.Context, db bun.IDB, b Buyer, lock bool) (*Wallet, error) {
	var w Wallet
	q := db.NewSelect().Model(&w).Where("user_id = ?", b.UserID).Where("company_id = ?", b.CompanyID)
	if lock {
		q = q.For("UPDATE")
	}
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("wallet get: %w", err)
	}
	return &w, nil
}

// AddressOf is a user's proved wallet address (” when none), for the profile.
func AddressOf(ctx context.Context, db bun.IDB, userID string) (string, error) {
	var a []string
	if err := db.NewSelect().Model((*Wallet)(nil)).Column("address").Where("user_id = ?", userID).Scan(ctx, &a); err != nil {
		return "", fmt.Errorf("wallet address: %w", err)
	}
	if len(a) == 0 {
		return "", nil
	}
	return a[0], nil
}

// Deliverable maps each buyer of a company whose wallet receives deliveries at now (its
// deliverableFrom passed) to that wallet's checksummed address. A buyer with no wallet, or whose
// replacement is still within its 24 hours, is absent: their tokens wait.
func Deliverable(ctx context.Context, db bun.IDB, companyID string, now time.Time) (map[string]string, error) {
	var rows []Wallet
	if err := db.NewSelect().Model(&rows).Column("user_id", "address").Where("company_id = ?", companyID).
		Where("deliverable_from <= ?", now).Scan(ctx); err != nil {
		return nil, fmt.Errorf("wallet deliverable: %w", err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.UserID] = r.Address
	}
	return out, nil
}

// challenge is what Redis keeps of a message to sign.
type challenge struct {
	Address   string    `json:"address"`
	Nonce     string    `json:"nonce"`
	Message   string    `json:"message"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// ChallengeView is wallet/challenge's answer: the text to sign and when it stops being accepted.
type ChallengeView struct {
	Message   string    `json:"message"`
	ExpiresAt time.Time `json:"expiresAt"`
}

func challengeKey(b Buyer) string { return "wallet:challenge:" + b.CompanyID + ":" + b.UserID }

// Message is the text a buyer signs: it names the site, the address, the nonce and the expiry,
// so a signature made for one site, address or moment proves nothing elsewhere.
func Message(site Site, address, nonce string, expires time.Time) string {
	name := site.Name
	if name == "" {
		name = site.Brand
	}
	return fmt.Sprintf("%s (%s) asks you to prove that this wallet is yours.\n\n"+
		"Wallet: %s\nNonce: %s\nExpires: %s\n\n"+
		"Signing this message moves no funds and costs nothing.",
		name, site.Host, address, nonce, expires.UTC().Format(time.RFC3339))
}

// Challenge makes a new message for the buyer to sign with address; it replaces any earlier one
// of theirs.
func (s *Service) Challenge(ctx context.Context, b Buyer, site Site, address string) (*ChallengeView, error) {
	addr, err := Normalize(address, "address")
	if err != nil {
		return nil, err
	}
	var raw [16]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return nil, err
	}
	nonce := hex.EncodeToString(raw[:])
	exp := s.Clock.Now().Add(ChallengeTTL).UTC().Truncate(time.Second)
	c := challenge{Address: addr, Nonce: nonce, Message: Message(site, addr, nonce, exp), ExpiresAt: exp}
	blob, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	// Redis forgets it a little after it expires; the expiry that counts is ExpiresAt.
	if err := s.Redis.Set(ctx, challengeKey(b), blob, ChallengeTTL+time.Minute).Err(); err != nil {
		return nil, fmt.Errorf("wallet challenge: %w", err)
	}
	return &ChallengeView{Message: c.Message, ExpiresAt: exp}, nil
}

// consume deletes the buyer's challenge if it is still the one read (blob): true for exactly one
// of any number of concurrent callers.
var consume = redis.NewScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`)

// VerifyInput is wallet/verify's body.
type VerifyInput struct {
	Address   string `json:"address" form:"address"`
	Signature string `json:"signature" form:"signature"`
	Password  string `json:"password" form:"password"`
}

// Errors of a verify, each on the field to correct.
var (
	errNoChallenge = func() error {
		return apperr.InvalidField("wallet_message_used", "signature",
			"This message has expired or was already used. Ask for a new message and sign it.")
	}
	errOtherAddress = func() error {
		return apperr.InvalidField("wallet_message_other_address", "address",
			"The message to sign was made for another address. Ask for a new message for this address.")
	}
	errBadSignature = func() error {
		return apperr.InvalidField("bad_wallet_signature", "signature",
			"This is not a valid signature: paste the whole signature (0x followed by 130 hexadecimal characters).")
	}
	errWrongSigner = func() error {
		return apperr.InvalidField("wallet_wrong_signer", "signature",
			"This signature was not made by this address for this message. Sign the message with the wallet you entered.")
	}
	errPasswordNeeded = func() error {
		return apperr.InvalidField("missing_password", "password",
			"Please enter your current password to replace your proved wallet.")
	}
)

// Recover is the checksummed address whose key made sig, an EIP-191 personal_sign signature of
// message (65 bytes, hexadecimal; v is 27/28 or 0/1).
func Recover(message, sig string) (string, error) {
	h := strings.TrimSpace(sig)
	if len(h) != 132 || (h[:2] != "0x" && h[:2] != "0X") {
		return "", errBadSignature()
	}
	raw, err := hex.DecodeString(h[2:])
	if err != nil {
		return "", errBadSignature()
	}
	if raw[64] >= 27 {
		raw[64] -= 27
	}
	if raw[64] > 1 {
		return "", errBadSignature()
	}
	pub, err := crypto.SigToPub(accounts.TextHash([]byte(message)), raw)
	if err != nil {
		return "", errBadSignature()
	}
	return crypto.PubkeyToAddress(*pub).Hex(), nil
}

// Verify proves the buyer's wallet with a signature of their current message. Proving the wallet
// they already have changes nothing; replacing one needs their current password, is emailed to
// them and starts deliveries ReplacementDelay later. A wrong password keeps the message, so the
// buyer can retry with the same signature.
func (s *Service) Verify(ctx context.Context, b Buyer, site Site, in VerifyInput, ip string) (*View, error) {
	addr, err := Normalize(in.Address, "address")
	if err != nil {
		return nil, err
	}
	blob, err := s.Redis.Get(ctx, challengeKey(b)).Result()
	if errors.Is(err, redis.Nil) {
		return nil, errNoChallenge()
	}
	if err != nil {
		return nil, fmt.Errorf("wallet challenge: %w", err)
	}
	var c challenge
	if err := json.Unmarshal([]byte(blob), &c); err != nil {
		return nil, fmt.Errorf("wallet challenge: %w", err)
	}
	now := s.Clock.Now()
	if !now.Before(c.ExpiresAt) {
		return nil, errNoChallenge()
	}
	if c.Address != addr {
		return nil, errOtherAddress()
	}
	signer, err := Recover(c.Message, in.Signature)
	if err != nil {
		return nil, err
	}
	if signer != addr {
		return nil, errWrongSigner()
	}
	cur, err := load(ctx, s.DB, b, false)
	if err != nil {
		return nil, err
	}
	if cur != nil && cur.Address != addr {
		if in.Password == "" {
			return nil, errPasswordNeeded()
		}
		if err := s.Confirm.ConfirmBuyer(ctx, b.UserID, b.CompanyID, in.Password); err != nil {
			return nil, err
		}
	}
	n, err := consume.Run(ctx, s.Redis, []string{challengeKey(b)}, blob).Int()
	if err != nil {
		return nil, fmt.Errorf("wallet challenge: %w", err)
	}
	if n != 1 {
		return nil, errNoChallenge()
	}
	var out *Wallet
	var replaced string
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		prev, err := load(ctx, tx, b, true)
		if err != nil {
			return err
		}
		if prev != nil && prev.Address == addr {
			out = prev // the wallet they already proved: nothing changes
			return nil
		}
		if prev != nil && in.Password == "" {
			return errPasswordNeeded() // proved by a concurrent call since the check above
		}
		w := &Wallet{UserID: b.UserID, CompanyID: b.CompanyID, Address: addr, VerifiedAt: now, DeliverableFrom: now,
			CreatedAt: now, UpdatedAt: now}
		action := "wallet.prove"
		var before any
		if prev != nil {
			w.DeliverableFrom = now.Add(ReplacementDelay)
			w.CreatedAt = prev.CreatedAt
			action, replaced = "wallet.replace", prev.Address
			before = map[string]string{"address": Mask(prev.Address)}
		}
		if _, err := tx.NewInsert().Model(w).On("CONFLICT (user_id) DO UPDATE").
			Set("address = EXCLUDED.address, verified_at = EXCLUDED.verified_at").
			Set("deliverable_from = EXCLUDED.deliverable_from, updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
			return fmt.Errorf("wallet save: %w", err)
		}
		out = w
		actor := audit.Actor{ID: b.UserID, Kind: "user", CompanyID: b.CompanyID, IP: ip}
		return audit.Write(ctx, tx, actor, action, "user", b.UserID, before, map[string]any{
			"address": Mask(addr), "deliverableFrom": w.DeliverableFrom.UTC()})
	})
	if err != nil {
		return nil, err
	}
	if replaced != "" {
		s.mailReplacement(ctx, b, site, out)
	}
	return viewOf(out), nil
}

// mailReplacement tells the buyer their wallet was replaced, after the commit; a failure to
// queue is logged (the change stands, and the 24 hours still hold the deliveries back).
func (s *Service) mailReplacement(ctx context.Context, b Buyer, site Site, w *Wallet) {
	name, email, err := user.NameAndEmail(ctx, s.DB, b.UserID)
	if err == nil && email != "" {
		from := mail.From{Brand: site.Brand, Company: site.Name, URL: site.URL, ReplyTo: site.ReplyTo}
		var task *asynq.Task
		task, err = tasks.NewEmailSendTask(mail.WalletReplacedMessage(email, name, from, Mask(w.Address), w.DeliverableFrom))
		if err == nil {
			_, err = s.Tasks.EnqueueContext(ctx, task, asynq.Retention(24*time.Hour))
		}
	}
	if err != nil && s.Log != nil {
		s.Log.Error("wallet replacement mail not queued", "user", b.UserID, "err", err)
	}
}
