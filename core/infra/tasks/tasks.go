// Package tasks defines the background jobs: their type names, payloads and constructors.
// The BFFs enqueue them; the worker handles them.
package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

const (
	TypeEmailSend      = "email:send"
	TypePurchaseExpire = "purchase:expire"
	TypePurchaseSweep  = "purchase:sweep"
	// TypeRetentionPurge purges the records of accounts closed 5 years ago (core/retention), daily.
	TypeRetentionPurge = "retention:purge"

	QueueCritical = "critical"
	QueueDefault  = "default"
)

// Types lists every task type the worker must handle.
var Types = []string{TypeEmailSend, TypePurchaseExpire, TypePurchaseSweep, TypeRetentionPurge}

// NewRetentionPurgeTask is the daily retention purge.
func NewRetentionPurgeTask() *asynq.Task {
	return asynq.NewTask(TypeRetentionPurge, nil, asynq.Queue(QueueDefault), asynq.MaxRetry(3), asynq.Timeout(30*time.Minute))
}

// Queues are the worker's queues and their priorities.
var Queues = map[string]int{QueueCritical: 6, QueueDefault: 3}

type EmailSendPayload struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
	// ReplyTo is where a reply goes (the company's email) when the sender itself takes none.
	ReplyTo string `json:"replyTo,omitempty"`
}

func NewEmailSendTask(p EmailSendPayload) (*asynq.Task, error) {
	if p.To == "" || p.Subject == "" {
		return nil, fmt.Errorf("email task: to and subject are required")
	}
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeEmailSend, b, asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Timeout(30*time.Second)), nil
}

type PurchaseExpirePayload struct {
	PurchaseID string `json:"purchaseId"`
}

// NewPurchaseExpireTask fires at expiresAt; its task id is the purchase id so it can be deleted
// when proof arrives. asynq keeps a scheduled time in whole seconds (it truncates), which would
// run the task up to a second before the window closes, find nothing due and leave the order
// open until the sweep; so it is scheduled at the next whole second (ExpireAt).
func NewPurchaseExpireTask(purchaseID string, expiresAt time.Time) (*asynq.Task, []asynq.Option, error) {
	b, err := json.Marshal(PurchaseExpirePayload{PurchaseID: purchaseID})
	if err != nil {
		return nil, nil, err
	}
	opts := []asynq.Option{asynq.ProcessAt(ExpireAt(expiresAt)), asynq.TaskID(ExpireTaskID(purchaseID)),
		asynq.Queue(QueueDefault), asynq.MaxRetry(20), asynq.Retention(time.Hour)}
	return asynq.NewTask(TypePurchaseExpire, b), opts, nil
}

// ExpireAt is when an order's expire task is scheduled: its deadline rounded up to the second.
func ExpireAt(expiresAt time.Time) time.Time {
	t := expiresAt.Truncate(time.Second)
	if t.Before(expiresAt) {
		t = t.Add(time.Second)
	}
	return t
}

func ExpireTaskID(purchaseID string) string { return "expire:" + purchaseID }

func NewPurchaseSweepTask() *asynq.Task {
	return asynq.NewTask(TypePurchaseSweep, nil, asynq.Queue(QueueDefault), asynq.MaxRetry(0), asynq.Timeout(time.Minute))
}

// Enqueuer is what core needs of an asynq client; *asynq.Client satisfies it.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}
